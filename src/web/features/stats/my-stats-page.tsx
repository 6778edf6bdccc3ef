import { useQuery } from '@tanstack/react-query';
import { ChartColumn, Gamepad2 } from 'lucide-react';
import type { AuthUser } from '#core/api';
import { sessionMessages } from '#core/messages/session';
import { steamMessages } from '#core/messages/steam';
import { useAuth } from '#web/api/auth';
import { mySteamStatsQueryOptions, steamSignInHref } from '#web/api/steam';
import { LevelProgressBar, SteamStatsTiles } from '#web/components/domain/steam-stats-tiles';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card';
import { Alert, Skeleton, Spinner } from '#web/components/ui/feedback';
import { RedirectWithNotice } from '#web/components/redirect-with-notice';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useSteamLinkResult } from '#web/api/use-steam-link-result';

/** The Steam sign-in comes back to this page (spec section 7). */
const LINK_STEAM_HREF = steamSignInHref({ redirect: '/my-stats' });

/** /my-stats (spec section 2): the signed-in user's game statistics from their linked Steam account. */
function MyStatsPage() {
  useDocumentTitle('My Stats');
  useSteamLinkResult();
  const { user, isLoading } = useAuth();

  if (isLoading) return <Spinner />;
  if (!user) {
    return (
      <RedirectWithNotice
        redirect={{ to: '/', title: sessionMessages.authenticationRequiredTitle, description: steamMessages.loginToSeeStats, offersLogin: true }}
      />
    );
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="flex items-center gap-3 text-3xl font-bold">
          <ChartColumn className="h-8 w-8 text-brass-dark" aria-hidden />
          My Stats
        </h1>
        <p className="mt-1 text-stone-600">Your War of Rights statistics, from your linked Steam account.</p>
      </header>
      {user.steamId ? <LinkedStatistics user={user} steamId={user.steamId} /> : <LinkSteamAccount />}
    </div>
  );
}

function LinkSteamAccount() {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">No Steam account linked</h2>
        <CardDescription>
          {steamMessages.linkHint} Linking also lets you write reviews. You sign in on Steam's own page; we only receive your Steam ID.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {/* A plain link on purpose: the server answers with a redirect to Steam's OpenID page. */}
        <Button asChild variant="brass">
          <a href={LINK_STEAM_HREF}>
            <Gamepad2 className="h-4 w-4" aria-hidden />
            {steamMessages.linkAccount}
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}

function LinkedStatistics({ user, steamId }: { user: AuthUser; steamId: string }) {
  const { data, isError } = useQuery(mySteamStatsQueryOptions(user.id, steamId));

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">{steamMessages.gameStatistics}</h2>
      </CardHeader>
      <CardContent className="space-y-6">
        {/* A failed background refetch keeps the statistics already shown. */}
        {data ? (
          data.success && data.stats ? (
            <>
              <SteamStatsTiles stats={data.stats} className="sm:grid-cols-3" />
              <LevelProgressBar xp={data.stats.STAT_PROGRESSION_EXPERIENCE} />
            </>
          ) : (
            <Alert>{data.message || steamMessages.statsUnavailable}</Alert>
          )
        ) : isError ? (
          <Alert variant="destructive">{steamMessages.statsError}</Alert>
        ) : (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3" role="status" aria-label="Loading game statistics">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-16" />
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

export { MyStatsPage as Component };
