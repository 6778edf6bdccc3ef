/** The image adapter on its own: type by content, the pixel limit, orientation and the crop boxes. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { coverTarget, detectImageType, ImageRejectedError, processImage } from './process-image.js';

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#7a4' } });

describe('detectImageType', () => {
  it('recognises PNG, JPEG, WebP and GIF by their first bytes', async () => {
    expect(detectImageType(await solid(4, 4).png().toBuffer())).toBe('png');
    expect(detectImageType(await solid(4, 4).jpeg().toBuffer())).toBe('jpeg');
    expect(detectImageType(await solid(4, 4).webp().toBuffer())).toBe('webp');
    expect(detectImageType(await solid(4, 4).gif().toBuffer())).toBe('gif');
  });

  it('recognises nothing else, whatever it claims to be', async () => {
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(detectImageType(Buffer.from('<!doctype html><title>x</title>'))).toBeNull();
    expect(detectImageType(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(detectImageType(await solid(4, 4).tiff().toBuffer())).toBeNull();
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
    expect(detectImageType(Buffer.from([0x89, 0x50, 0x4e]))).toBeNull();
  });
});

describe('coverTarget', () => {
  it('fills the box when the image is large enough', () => {
    expect(coverTarget({ width: 4000, height: 3000 }, { width: 1200, height: 300 })).toEqual({ width: 1200, height: 300 });
    expect(coverTarget({ width: 500, height: 2000 }, { width: 200, height: 200 })).toEqual({ width: 200, height: 200 });
  });

  it('never enlarges, but still crops whatever overflows the box', () => {
    expect(coverTarget({ width: 100, height: 80 }, { width: 400, height: 400 })).toEqual({ width: 100, height: 80 });
    expect(coverTarget({ width: 3000, height: 100 }, { width: 1200, height: 300 })).toEqual({ width: 1200, height: 100 });
    expect(coverTarget({ width: 800, height: 300 }, { width: 400, height: 400 })).toEqual({ width: 400, height: 300 });
  });
});

describe('processImage', () => {
  it('applies the EXIF orientation, then drops all metadata', async () => {
    // Stored 600x300 but tagged "rotate 90°": it is a 300x600 portrait.
    const jpeg = await solid(600, 300)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret' } } })
      .toBuffer();
    const result = await processImage(jpeg, 'profile');
    expect({ width: result.width, height: result.height }).toEqual({ width: 300, height: 400 });
    const metadata = await sharp(result.data).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 300, height: 400 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(result.data.includes('secret')).toBe(false);
  });

  it('keeps only the first frame of an animated GIF', async () => {
    const red = await solid(40, 30).tint('#ff0000').png().toBuffer();
    const blue = await solid(40, 30).tint('#0000ff').png().toBuffer();
    const animated = await sharp([red, blue], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);

    const result = await processImage(animated, 'icon');
    const metadata = await sharp(result.data).metadata();
    expect(metadata.pages ?? 1).toBe(1);
    expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 40, height: 30 });
  });

  it('refuses a side over 10000 px from the header alone', async () => {
    const wide = await solid(10_001, 1).png().toBuffer();
    await expect(processImage(wide, 'banner')).rejects.toMatchObject({ reason: 'too-large-dimensions' });
  });

  it('refuses a file that starts like a PNG but is not one', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really a png')]);
    const error = await processImage(fake, 'icon').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect((error as ImageRejectedError).reason).toBe('unreadable');
  });

  it('refuses a truncated image instead of storing half of it', async () => {
    const jpeg = await solid(300, 300).jpeg().toBuffer();
    await expect(processImage(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'icon')).rejects.toBeInstanceOf(ImageRejectedError);
  });
});
