/**
 * Image upload and delivery (spec section 7: POST /api/upload -> success, url, message). Stored
 * images are immutable and named by a random id, so they are served with a year-long cache.
 */
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { MSG } from '#core/messages.js';
import { notFound } from '#server/platform/errors.js';
import { enforceRateLimit } from '#server/platform/rate-limit/rate-limit.js';
import type { App } from '#server/platform/types.js';
import { requireActiveUser } from '#server/domain/identity/guards.js';
import { getImage, IMAGE_CONTENT_TYPE, parseImageFileName } from './images.js';
import { readUploadForm, UPLOAD_FORM_LIMITS } from './read-upload-form.js';
import { uploadImage } from './upload-image.js';

const uploadResultSchema = z.object({ success: z.boolean(), url: z.string(), message: z.string() });

export async function uploadRoutes(app: App) {
  const { db, config, rateLimitStore } = app;
  // Registered here, not in app.ts: only this plugin accepts multipart bodies.
  await app.register(multipart, { limits: UPLOAD_FORM_LIMITS });

  app.post('/upload', { config: { invalidates: 'none' }, schema: { response: { 201: uploadResultSchema } } }, async (request, reply) => {
    const user = requireActiveUser(request);
    await enforceRateLimit(rateLimitStore, { name: 'upload', ...config.rateLimits.upload }, user.id);
    const { file, kind } = await readUploadForm(request);
    const { url } = await uploadImage(db, { userId: user.id, kind, file });
    return reply.code(201).send({ success: true, url, message: MSG.uploads.uploaded });
  });

  // Immutable bytes with a year-long HTTP cache of their own: browsers and proxies keep them, not our memory.
  app.get(
    '/images/:fileName',
    {
      config: { cache: 'not-kept', documentedContent: { type: IMAGE_CONTENT_TYPE, description: 'The image, as stored (re-encoded to WebP)' } },
      schema: { summary: 'A stored image (officer portraits, regiment logos)', tags: ['Reference'], params: z.object({ fileName: z.string() }) },
    },
    async (request, reply) => {
      // A name that cannot be one of ours is simply not found (no 400 that invites probing).
      const id = parseImageFileName(request.params.fileName);
      const image = id ? await getImage(db, id) : null;
      if (!image) throw notFound('Image');

      // The id names immutable bytes, so it is a strong validator.
      const etag = `"${image.id}"`;
      void reply.header('Cache-Control', 'public, max-age=31536000, immutable').header('ETag', etag).header('X-Content-Type-Options', 'nosniff');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.header('Content-Type', image.contentType).header('Content-Length', image.data.length).send(image.data);
    },
  );
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim().replace(/^W\//, '');
    return candidate === '*' || candidate === etag;
  });
}
