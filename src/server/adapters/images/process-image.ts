/**
 * Turns an uploaded file into a safe WebP image, or refuses it. No I/O besides sharp (libvips).
 *
 * Security intent (docs/decisions/0005-image-uploads.md):
 * - The type is decided by the file's first bytes, never by its name or declared type, and only
 *   PNG, JPEG, WebP and GIF reach libvips. libvips picks its decoder by sniffing too, so this keeps
 *   its SVG, PDF, TIFF, HEIF... loaders (and their bugs) out of reach.
 * - Dimensions are read from the header (sharp's metadata() does not decode pixels) and refused above
 *   the limits before any decoding; `limitInputPixels` repeats the limit inside the decoder, so a
 *   header that lies cannot get a decompression bomb past it.
 * - The output is re-encoded from pixels: EXIF (GPS, camera serials), ICC, XMP and comments are
 *   dropped (sharp keeps no metadata unless asked), and so is anything appended to the file.
 */
import type { Metadata } from 'sharp';
import sharp from './sharp.js';

export type DetectedImageType = 'png' | 'jpeg' | 'webp' | 'gif';
export type ImageKind = 'banner' | 'icon' | 'profile';

export const IMAGE_KINDS = ['banner', 'icon', 'profile'] as const satisfies readonly ImageKind[];

/** The largest image we decode: 40 megapixels (a 7300x5500 photo), and no side over 10000 px. */
export const MAX_INPUT_PIXELS = 40_000_000;
export const MAX_INPUT_SIDE = 10_000;

/**
 * The box each kind is cropped to (spec section 2: banner ideally 1200x300, icon 200x200). Images
 * smaller than the box are never enlarged.
 */
export const IMAGE_BOUNDS: Record<ImageKind, { width: number; height: number; position: string | number }> = {
  // A 4:1 strip keeps at most a quarter of a typical photo: let libvips' attention strategy keep the
  // busiest, most saturated region rather than a centre band that may miss the subject.
  banner: { width: 1200, height: 300, position: sharp.strategy.attention },
  // Square crops of mostly square, centred logos and portraits: the centre is the predictable choice.
  icon: { width: 200, height: 200, position: 'centre' },
  profile: { width: 400, height: 400, position: 'centre' },
};

const WEBP_QUALITY = 82;

export type ImageRejection = 'unsupported' | 'too-large-dimensions' | 'unreadable';

/** The file is not an image we accept; `reason` says why, the caller chooses the words. */
export class ImageRejectedError extends Error {
  constructor(
    readonly reason: ImageRejection,
    detail: string,
  ) {
    super(detail);
    this.name = 'ImageRejectedError';
  }
}

export interface ProcessedImage {
  data: Buffer;
  width: number;
  height: number;
}

/** The image type from the file's magic bytes, or null for anything else (SVG, HTML, text, PDF...). */
export function detectImageType(buffer: Uint8Array): DetectedImageType | null {
  const startsWith = (bytes: number[], offset = 0) => buffer.length >= offset + bytes.length && bytes.every((byte, i) => buffer[offset + i] === byte);
  const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(ascii('GIF87a')) || startsWith(ascii('GIF89a'))) return 'gif';
  if (startsWith(ascii('RIFF')) && startsWith(ascii('WEBP'), 8)) return 'webp';
  return null;
}

/**
 * Validates `buffer` and re-encodes it to WebP inside the box of `kind` (cover crop, EXIF orientation
 * applied, animations reduced to their first frame, metadata stripped). Throws ImageRejectedError.
 */
export async function processImage(buffer: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  const type = detectImageType(buffer);
  if (!type) throw new ImageRejectedError('unsupported', 'magic bytes are not PNG, JPEG, WebP or GIF');

  let metadata: Metadata;
  try {
    // Header only. sharp's own default pixel limit (268 MP) applies here and throws for larger headers.
    metadata = await sharp(buffer).metadata();
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) {
      throw new ImageRejectedError('too-large-dimensions', 'header exceeds the decoder pixel limit');
    }
    throw new ImageRejectedError('unreadable', (error as Error).message);
  }
  // The decoder libvips chose must be the one the magic bytes promised.
  if (metadata.format !== type) {
    throw new ImageRejectedError('unsupported', `libvips reads it as ${metadata.format}, not ${type}`);
  }
  const { width, height } = metadata;
  if (!width || !height) throw new ImageRejectedError('unreadable', 'no dimensions in the header');
  if (width > MAX_INPUT_SIDE || height > MAX_INPUT_SIDE || width * height > MAX_INPUT_PIXELS) {
    throw new ImageRejectedError('too-large-dimensions', `${width}x${height}`);
  }

  const bounds = IMAGE_BOUNDS[kind];
  const target = coverTarget(metadata.autoOrient ?? { width, height }, bounds);
  try {
    const { data, info } = await sharp(buffer, {
      limitInputPixels: MAX_INPUT_PIXELS,
      // Truncated or corrupt data is refused rather than stored half grey.
      failOn: 'error',
      // First frame only (the default, said out loud): an animation becomes a still image.
      pages: 1,
    })
      .rotate() // honour EXIF orientation before the orientation tag is dropped with the metadata
      .resize({ width: target.width, height: target.height, fit: 'cover', position: bounds.position })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    const message = (error as Error).message;
    if (/pixel limit/i.test(message)) throw new ImageRejectedError('too-large-dimensions', message);
    throw new ImageRejectedError('unreadable', message);
  }
}

/**
 * The output size for a cover crop into `box` that never enlarges. sharp's `withoutEnlargement`
 * leaves an image alone as soon as one side is below the box, so a 3000x100 banner would stay wider
 * than 1200: instead scale down only as far as cover needs (never up), then crop what still overflows.
 */
export function coverTarget(source: { width: number; height: number }, box: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(1, Math.max(box.width / source.width, box.height / source.height));
  return {
    width: Math.max(1, Math.min(box.width, Math.round(source.width * scale))),
    height: Math.max(1, Math.min(box.height, Math.round(source.height * scale))),
  };
}
