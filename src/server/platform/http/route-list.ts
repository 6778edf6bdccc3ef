/**
 * Every route, as registered: the authorization matrix test checks that each one has a row, the
 * hardening tests send every one of them malformed input and other spellings of its path, and the
 * cache policy test checks that every API GET declares how its answer may be kept (config.cache)
 * and every write what it changes (config.invalidates).
 */
import fp from 'fastify-plugin';
import type { RegisteredRoute } from '#server/platform/types.js';

export const routeListPlugin = fp(async (app) => {
  const routeList: RegisteredRoute[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', function recordRoute(route) {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routeList.push({ method, url: route.url, schema: route.schema, config: route.config, scope: this });
  });
});
