/** Reviewers' Steam figures, read in the background when a review list shows stale ones (docs/decisions/0029). */
import fp from 'fastify-plugin';
import { ReviewerSignalsRefresher } from './reviewer-signals.js';

declare module 'fastify' {
  interface FastifyInstance {
    reviewerSignals: ReviewerSignalsRefresher;
  }
}

export const reviewerSignalsPlugin = fp(async (app) => {
  const reviewerSignals = new ReviewerSignalsRefresher({ db: app.db, steam: app.config.steam, cache: app.responseCache, log: app.log });
  app.decorate('reviewerSignals', reviewerSignals);
  app.addHook('onClose', async () => reviewerSignals.close());
});
