/**
 * The link-preview cards (issue 19, item 1): GET /api/cards/officer/{id}.png,
 * /api/cards/regiment/{id}.png and /api/cards/site.png, 1200x630 PNG drawn here and kept in the
 * response cache like every public answer, under the tags of the row they show, so the writes that
 * change it forget the card too (docs/decisions/0033-link-preview-cards.md).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { cardFileParam } from '#server/platform/http/params.js';
import { notFound } from '#server/platform/errors.js';
import { enforceRateLimit } from '#server/platform/rate-limit/rate-limit.js';
import { cacheTags } from '#server/platform/read-cache/tags.js';
import type { App } from '#server/platform/types.js';
import { findOfficerCardData, findRegimentCardData } from '#server/domain/card-data.js';
import { officerCardSvg, regimentCardSvg, siteCardSvg } from './card-svg.js';
import { drawPng } from './draw-card.js';

/**
 * `{id}.png`, one parameter (its case kept, as every parameter's): the id within the schema's range,
 * anything else 400. The answers are PNG bytes, sent as they are: no response schema (as the
 * uploaded images).
 */
const cardParamsSchema = z.object({ file: cardFileParam });

/** The officer id of a request for its card, for the cache tag (read before validation: a bad name is answered 400, never kept). */
const officerIdOf = (request: FastifyRequest) => parseInt(String((request.params as { file: unknown }).file), 10);

function sendPng(reply: FastifyReply, png: Buffer) {
  return reply.type('image/png').send(png);
}

/** How the document describes a card's answer (features/api-docs: public reads without a JSON schema). */
const PNG_CARD = { type: 'image/png', description: 'The card, a 1200x630 PNG (Open Graph og:image)' };

export async function cardRoutes(app: App) {
  const { db, config, rateLimitStore } = app;
  const limit = { name: 'card-draw', ...config.rateLimits.cardDraw };
  // Reached only when the card is not kept: every draw counts against the address, found or not.
  const countDraw = (request: FastifyRequest) => enforceRateLimit(rateLimitStore, limit, request.ip);

  app.get(
    '/cards/officer/:file',
    {
      config: { cache: { public: (request) => [cacheTags.officer(officerIdOf(request))] }, documentedContent: PNG_CARD },
      schema: { summary: "An officer's link-preview card (1200x630 PNG): {id}.png", tags: ['Officers'], params: cardParamsSchema },
    },
    async (request, reply) => {
      await countDraw(request);
      const officer = await findOfficerCardData(db, request.params.file);
      if (!officer) throw notFound('Officer');
      return sendPng(reply, await drawPng(officerCardSvg(officer)));
    },
  );

  // Tagged as the regiment's own answer (GET /api/regiments/{id}): its figures move with the lists' ratings.
  app.get(
    '/cards/regiment/:file',
    {
      config: { cache: { public: () => cacheTags.ratedList }, documentedContent: PNG_CARD },
      schema: { summary: "A regiment's link-preview card (1200x630 PNG): {id}.png", tags: ['Regiments'], params: cardParamsSchema },
    },
    async (request, reply) => {
      await countDraw(request);
      const regiment = await findRegimentCardData(db, request.params.file);
      if (!regiment) throw notFound('Regiment');
      return sendPng(reply, await drawPng(regimentCardSvg(regiment)));
    },
  );

  // The same for every visit: drawn once per process, forgotten only with everything ('all').
  app.get(
    '/cards/site.png',
    {
      config: { cache: { public: () => [] }, documentedContent: PNG_CARD },
      schema: { summary: "The site's link-preview card (1200x630 PNG)", tags: ['Reference'] },
    },
    async (request, reply) => {
      await countDraw(request);
      return sendPng(reply, await drawPng(siteCardSvg()));
    },
  );
}
