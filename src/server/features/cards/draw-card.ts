/**
 * SVG to PNG through sharp (libvips with librsvg), already a dependency for the uploads: measured
 * against satori with @resvg/resvg-js in docs/decisions/0033-link-preview-cards.md.
 */
import { availableParallelism } from 'node:os';
import sharp from '#server/adapters/images/sharp.js';

/**
 * Draws at once, at most: one per CPU. A draw is CPU-bound, so more at once finish no sooner, and
 * each holds its own canvas and surfaces (several MB): fifty crawlers asking for fifty new cards
 * took the process from 165 to 360 MiB in the benchmark before this bound. The others wait here.
 */
const MAX_DRAWS_AT_ONCE = Math.max(1, availableParallelism());
let drawing = 0;
const waiting: Array<() => void> = [];

async function inTurn<T>(draw: () => Promise<T>): Promise<T> {
  if (drawing >= MAX_DRAWS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else drawing++;
  try {
    return await draw();
  } finally {
    // The turn passes straight to the next in line, so `drawing` counts it without a gap.
    const next = waiting.shift();
    if (next) next();
    else drawing--;
  }
}

/**
 * PNG at zlib level 6 with adaptive filtering off: the cards are flat colours and text, and
 * filtering doubled the time for a larger file (see the decision's measurements).
 */
export async function drawPng(svg: string): Promise<Buffer> {
  return inTurn(() => sharp(Buffer.from(svg)).png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer());
}
