/** POST /api/upload: validate, re-encode and store one image (docs/decisions/0005-image-uploads.md). */
import { ImageRejectedError, processImage, type ImageKind, type ImageRejection } from '../../adapters/images/process-image.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { imageUrl, storeImage } from './images.js';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** The web app shows these after 'Failed to upload image: ' (spec section 8). */
export const UPLOAD_MESSAGES = {
  uploaded: 'Image uploaded successfully',
  unsupported: 'Unsupported image type. Please upload a PNG, JPEG, WebP or GIF image.',
  tooLarge: 'Image is too large. The maximum size is 5 MB.',
  tooManyPixels: 'Image dimensions are too large. The maximum is 10000 pixels per side and 40 megapixels in total.',
  unreadable: 'The image could not be read. It may be damaged; please try another file.',
  noFile: 'No image was uploaded. Please choose an image file.',
  oneFile: 'Please upload one image at a time.',
  notMultipart: 'The image must be sent as multipart/form-data in the field "file".',
  badKind: 'Unknown image kind. Use banner, icon or profile.',
} as const;

const REJECTION_MESSAGES: Record<ImageRejection, string> = {
  unsupported: UPLOAD_MESSAGES.unsupported,
  'too-large-dimensions': UPLOAD_MESSAGES.tooManyPixels,
  unreadable: UPLOAD_MESSAGES.unreadable,
};

export async function uploadImage(db: Database, input: { userId: number; kind: ImageKind; file: Buffer }): Promise<{ id: string; url: string }> {
  let image;
  try {
    image = await processImage(input.file, input.kind);
  } catch (error) {
    if (error instanceof ImageRejectedError) {
      throw new AppError('BAD_REQUEST', REJECTION_MESSAGES[error.reason]);
    }
    throw error;
  }
  const id = await storeImage(db, { userId: input.userId, kind: input.kind, image });
  return { id, url: imageUrl(id) };
}
