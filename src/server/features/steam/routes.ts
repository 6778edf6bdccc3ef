import { z } from 'zod';
import { steamStatsResultSchema } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { idParam } from '#server/platform/http/params.js';
import type { App } from '#server/platform/types.js';
import { currentUser, requireUser } from '#server/domain/identity/guards.js';
import { completeSteamLink, startSteamLink, type SteamLinkTarget } from './link.js';
import { getOfficerSteamStats, getSteamStats } from '#server/domain/reviewer-signals/steam-stats.js';

const startQuery = z.union([z.object({ officerId: idParam }), z.object({ redirect: z.string().max(200).default('/my-stats') })]);

export async function steamRoutes(app: App) {
  const { db, config } = app;

  // Browser navigations, not API calls: answers are redirects, never JSON.
  app.get('/auth/steam', { config: { cache: 'private' }, schema: { querystring: startQuery } }, async (request, reply) => {
    const user = currentUser(request);
    if (!user || !request.session?.id) return reply.redirect('/login', 302);
    const target: SteamLinkTarget = 'officerId' in request.query ? { officerId: request.query.officerId } : { redirect: request.query.redirect };
    const url = await startSteamLink(db, config, request.session.id, user.id, target);
    return reply.redirect(url, 302);
  });

  app.get(
    '/auth/steam/callback',
    // A GET that writes: linking shows the Steam id beside the user's reviews and officer.
    { config: { cache: 'private', invalidates: 'all' }, schema: { querystring: z.record(z.string(), z.string().max(2000)) } },
    async (request, reply) => {
      const user = currentUser(request);
      if (!user || !request.session?.id) return reply.redirect('/login', 302);
      const outcome = await completeSteamLink(db, config, request.session.id, user.id, request.query);
      const target = new URL(outcome.redirectPath, config.publicUrl);
      if (outcome.ok) {
        request.log.info({ userId: user.id, steamId: outcome.steamId }, 'Steam account linked');
        target.searchParams.set('steamLinked', '1');
      } else {
        request.log.warn({ userId: user.id, reason: outcome.error, detail: outcome.detail }, 'Steam link refused');
        target.searchParams.set('steamError', outcome.error);
      }
      return reply.redirect(`${target.pathname}${target.search}`, 302);
    },
  );

  app.get('/users/me/steam-stats', { config: { cache: 'private' }, schema: { response: { 200: steamStatsResultSchema } } }, async (request) => {
    const user = requireUser(request);
    if (!user.steamId) return { success: false, message: MSG.steam.noLinkedAccount, stats: null };
    const result = await getSteamStats(db, config.steam, user.steamId);
    // This answer already asked Steam: keep the user's reviewer signals from it, off the answer's path.
    void app.reviewerSignals.record(user.id, result);
    return result;
  });

  app.get(
    '/officers/:id/steam-stats',
    // Public, but Steam's figures change without a write here that could forget them.
    {
      config: { cache: 'not-kept' },
      schema: {
        summary: "An officer's War of Rights statistics from Steam (when linked and public)",
        tags: ['Officers'],
        params: z.object({ id: idParam }),
        response: { 200: steamStatsResultSchema },
      },
    },
    async (request) => getOfficerSteamStats(db, config.steam, request.params.id),
  );
}
