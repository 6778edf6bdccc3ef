/**
 * The app's pages (spec section 2's route list, src/core/client-routes.ts): each screen is a named
 * route answered with the HTML shell and what the page needs first (page-shell.ts), an officer's
 * or regiment's with its link preview, and 404 with the app's not-found screen for a missing one.
 * Any other path is not found: the app's not-found screen for a page, the API's error for a write.
 * The shells of the pages with a first screen are also a source of ready answers for the front
 * server (platform/read-cache/front-server.ts), which answers them before Fastify.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CLIENT_ROUTES } from '#core/client-routes.js';
import { findOfficerCardData, findRegimentCardData } from '#server/domain/card-data.js';
import { isReviewerShown } from '#server/domain/identity/reviewer-shown.js';
import { sendApiNotFound } from '#server/platform/http/error-handler.js';
import { officerLinkPreview, pageLinkPreview, regimentLinkPreview } from './link-previews.js';
import { readPageShell } from './page-shell.js';

export const pagesPlugin = fp<{ webRoot: string }>(async (app, { webRoot }) => {
  const { db, config } = app;
  const shell = readPageShell(webRoot, {
    cache: app.responseCache,
    // An officer's or regiment's preview is read with the question whether it exists (one statement).
    async rowPreview(page) {
      if (page.page === 'officer') {
        const officer = await findOfficerCardData(db, page.id);
        return officer && officerLinkPreview(config.publicUrl, officer);
      }
      const regiment = await findRegimentCardData(db, page.id);
      return regiment && regimentLinkPreview(config.publicUrl, regiment);
    },
    reviewerShown: (userId) => isReviewerShown(db, userId),
    pagePreview: (page) => pageLinkPreview(config.publicUrl, page.page),
  });
  app.frontServer.addSource(shell.readyAnswer);

  const answerPage = (request: FastifyRequest, reply: FastifyReply) => shell.send(request, reply);
  for (const url of new Set<string>(Object.values(CLIENT_ROUTES))) app.get(url, answerPage);

  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendApiNotFound(reply);
    // The shell again, which shows the app's own not-found screen, answered 404.
    return shell.send(request, reply);
  });
});
