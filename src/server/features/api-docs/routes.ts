/**
 * The public read API's own description: its OpenAPI 3.1 document and a reference page to read it
 * (docs/decisions/0034-public-read-api.md). Both are public reads themselves (any origin, the
 * per-address limit) but not operations of the document, which describes the data.
 */
import { z } from 'zod';
import type { App } from '#server/platform/types.js';
import { DOCS_ASSETS, DOCS_PAGE_HTML, DOCS_PAGE_PATH, OPENAPI_DOCUMENT_PATH, docsAsset } from './docs-page.js';

const API_PREFIX = '/api';
const withinApi = (path: string) => path.slice(API_PREFIX.length);

export async function apiDocRoutes(app: App) {
  // Worked out on the first request (the routes are all registered by then), not at start-up.
  let document: string | undefined;
  app.get(
    withinApi(OPENAPI_DOCUMENT_PATH),
    // It changes only with a deploy: kept with no tag, so no write forgets it.
    { config: { cache: { public: () => [] } }, schema: { hide: true } },
    async (_request, reply) => {
      document ??= JSON.stringify(app.swagger());
      return reply.type('application/json; charset=utf-8').send(document);
    },
  );

  app.get(withinApi(DOCS_PAGE_PATH), { config: { cache: 'not-kept' }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(DOCS_PAGE_HTML),
  );

  // Swagger UI's files change only with the package: a day in any cache, then revalidated by ETag.
  app.get(
    `${withinApi(DOCS_PAGE_PATH)}/:asset`,
    { config: { cache: 'not-kept' }, schema: { hide: true, params: z.object({ asset: z.enum(DOCS_ASSETS) }) } },
    async (request, reply) => {
      const asset = docsAsset(request.params.asset, request.headers['accept-encoding']);
      void reply
        .type(asset.contentType)
        .header('Cache-Control', 'public, max-age=86400')
        .header('ETag', asset.etag)
        .header('Vary', 'Accept-Encoding');
      if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
      // A set Content-Encoding tells @fastify/compress the body is already encoded.
      if (asset.encoding !== 'identity') void reply.header('Content-Encoding', asset.encoding);
      return reply.send(asset.body);
    },
  );
}
