/** POST /api/upload: validate, re-encode and store one image (docs/decisions/0005-image-uploads.md). */
import { ImageRejectedError, processImage, type ImageKind, type ImageRejection } from '#server/adapters/images/process-image.js';
import { MSG } from '#core/messages.js';
import type { Database } from '#server/platform/db/client.js';
import { AppError } from '#server/platform/errors.js';
import { imageUrl, storeImage } from './images.js';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

const REJECTION_MESSAGES: Record<ImageRejection, string> = {
  unsupported: MSG.uploads.unsupported,
  'too-large-dimensions': MSG.uploads.tooManyPixels,
  unreadable: MSG.uploads.unreadable,
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
