/** libvips' operation cache stays off for the whole process once sharp is taken from here (sharp.ts says why). */
import { describe, expect, it } from 'vitest';
import sharp from './sharp.js';

describe('sharp', () => {
  it('keeps no operation, file or memory in the libvips cache', async () => {
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const { memory, files, items } = sharp.cache();
    expect([memory.max, files.max, items.max]).toEqual([0, 0, 0]);
    expect(items.current).toBe(0);
  });
});
