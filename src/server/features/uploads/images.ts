/**
 * Stored images: the rows of `images`, written only by uploadImage and read by id. The id is random
 * and the only name an image has (no user file name or path is ever stored or used).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ImageKind, ProcessedImage } from '#server/adapters/images/process-image.js';
import type { Executor } from '#server/platform/db/client.js';
import { images } from '#server/platform/db/schema.js';

/** What an id may look like in a URL: base64url, 10 to 32 characters (ours are 22). */
export const IMAGE_ID_PATTERN = /^[A-Za-z0-9_-]{10,32}$/;
export const IMAGE_CONTENT_TYPE = 'image/webp';

export function imageUrl(id: string): string {
  return `/api/images/${id}.webp`;
}

/** The id in a `{id}.webp` file name of a URL, or null when it cannot be one of ours. */
export function parseImageFileName(fileName: string): string | null {
  const match = /^(.+)\.webp$/.exec(fileName);
  return match && IMAGE_ID_PATTERN.test(match[1]!) ? match[1]! : null;
}

export async function storeImage(db: Executor, input: { userId: number; kind: ImageKind; image: ProcessedImage }): Promise<string> {
  // 128 random bits: unguessable, so an image is only found through the page that links it.
  const id = randomBytes(16).toString('base64url').slice(0, 32);
  await db.insert(images).values({
    id,
    userId: input.userId,
    kind: input.kind,
    contentType: IMAGE_CONTENT_TYPE,
    width: input.image.width,
    height: input.image.height,
    byteSize: input.image.data.length,
    data: input.image.data,
  });
  return id;
}

export interface StoredImage {
  id: string;
  contentType: string;
  data: Buffer;
}

export async function getImage(db: Executor, id: string): Promise<StoredImage | null> {
  const [row] = await db.select({ id: images.id, contentType: images.contentType, data: images.data }).from(images).where(eq(images.id, id)).limit(1);
  return row ?? null;
}
