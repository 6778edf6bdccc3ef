import { ExternalLink } from 'lucide-react';
import { STEAM_PROFILE_URL } from '#core/constants';
import { reviewCardMessages } from '#core/messages/review-card';

/**
 * A link out to someone's Steam profile, beside their name (which links to their profile here, issue
 * 36): an icon whose name says whose profile it opens, and where.
 */
export function SteamProfileLink({ steamId, name }: { steamId: string; name: string }) {
  return (
    <a
      href={`${STEAM_PROFILE_URL}${steamId}`}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={reviewCardMessages.steamProfile(name)}
      className="inline-flex min-h-6 min-w-6 items-center justify-center text-link"
    >
      <ExternalLink className="h-3 w-3" aria-hidden />
    </a>
  );
}
