/**
 * The search catalogue of this process (docs/decisions/0025-search-catalogue.md), kept in step with
 * the database, and the community mean the rankings start from (docs/decisions/0030): the officers'
 * lists and the search calls answer from it.
 */
import fp from 'fastify-plugin';
import { PRIOR_REFRESH_MS, publishCommunityMean } from '#server/domain/ranking-prior.js';
import { CatalogueFollower } from './catalogue-sync.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The search catalogue of this process, kept in step with the database. */
    searchCatalogue: CatalogueFollower;
  }
}

export const cataloguePlugin = fp(async (app) => {
  // The community mean first, so the catalogue starts from one worked out from the data as it is.
  await publishCommunityMean(app.db, app.responseCache);
  const follower = await CatalogueFollower.start(app.db, app.config.rankPriorWeight, app.log);
  app.decorate('searchCatalogue', follower);
  const priorTimer = setInterval(() => {
    publishCommunityMean(app.db, app.responseCache).catch((error: Error) =>
      app.log.warn(`Rankings: could not publish the community mean (${error.message}); will retry`),
    );
  }, PRIOR_REFRESH_MS);
  priorTimer.unref();
  app.addHook('onClose', () => {
    clearInterval(priorTimer);
    follower.stop();
  });
});
