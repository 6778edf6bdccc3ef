/**
 * SVG to PNG through sharp (libvips with librsvg), already a dependency for the uploads: measured
 * against satori with @resvg/resvg-js in docs/decisions/0033-link-preview-cards.md.
 */
import sharp from 'sharp';

/**
 * PNG at zlib level 6 with adaptive filtering off: the cards are flat colours and text, and
 * filtering costs more time than it saves bytes on them (see the decision's measurements).
 */
export async function drawPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
}
