/**
 * Reads the multipart form of POST /api/upload: one file in the field `file` (at most 5 MB, held in
 * memory) and an optional text field `kind`. The file's name and declared type are ignored: the
 * content decides (process-image.ts).
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IMAGE_KINDS, type ImageKind } from '#server/adapters/images/process-image.js';
import { MSG } from '#core/messages.js';
import { AppError } from '#server/platform/errors.js';
import { MAX_UPLOAD_BYTES } from './upload-image.js';

/** Room for the multipart boundaries, part headers and the `kind` field around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** busboy limits: anything beyond one file and a couple of short fields is not our form. */
export const UPLOAD_FORM_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 4,
  parts: 5,
  fieldSize: 100,
  headerPairs: 20,
} as const;

/** RFC 2046: a boundary parameter of 1 to 70 characters, quoted or not. */
const MULTIPART_BOUNDARY = /;\s*boundary=(?:"[^"]{1,70}"|[^";\s]{1,70})(?:;|\s|$)/i;

const kindSchema = z.enum(IMAGE_KINDS, { error: MSG.uploads.badKind });

export async function readUploadForm(request: FastifyRequest): Promise<{ file: Buffer; kind: ImageKind }> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', MSG.uploads.notMultipart);
  // Without a boundary no part can be found: say the form is malformed, not that it holds no file.
  if (!MULTIPART_BOUNDARY.test(request.headers['content-type'] ?? '')) throw new AppError('BAD_REQUEST', MSG.server.badMultipart);
  // A declared length far over the limit is refused before a byte of it is read.
  const declaredLength = Number(request.headers['content-length']);
  if (declaredLength > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', MSG.uploads.tooLarge);

  let file: Buffer | undefined;
  let kind: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume(); // drain it: an unread stream would stall the form
          continue;
        }
        file = await part.toBuffer();
      } else if (part.fieldname === 'kind') {
        kind = String(part.value);
      }
    }
  } catch (error) {
    throw toUploadError(error);
  }
  if (!file) throw new AppError('BAD_REQUEST', MSG.uploads.noFile);
  const parsedKind = kindSchema.safeParse(kind === undefined || kind === '' ? 'profile' : kind);
  if (!parsedKind.success) throw new AppError('BAD_REQUEST', MSG.uploads.badKind);
  return { file, kind: parsedKind.data };
}

/**
 * @fastify/multipart's refusals, in our words. Anything else that fails while the form is read is the
 * form's fault (busboy's "Boundary not found", "Unexpected end of form", a malformed part header): a
 * 400, never a 500.
 */
function toUploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', MSG.uploads.tooLarge);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('BAD_REQUEST', MSG.uploads.oneFile);
    default:
      return new AppError('BAD_REQUEST', MSG.server.badMultipart);
  }
}
