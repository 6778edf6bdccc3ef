/** Serves the Vite build's files: hashed assets for a year, everything else revalidated. */
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

export const webAppFilesPlugin = fp<{ webRoot: string }>(async (app, { webRoot }) => {
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    // scripts/compress-assets.mjs writes .br and .gz files at build time.
    preCompressed: true,
    // Source maps stay on the server's disk (vite.config.ts): not published.
    allowedPath: (pathName) => !pathName.endsWith('.map'),
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.header('Cache-Control', 'no-cache');
      }
    },
  });
});
