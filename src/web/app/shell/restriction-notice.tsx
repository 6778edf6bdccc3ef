import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import type { Restriction } from '#core/api';
import { formatDate } from '#core/date';
import { groundLabel } from '#core/moderation';
import { STANDING_PATH } from '#core/notifications';

/**
 * Told at once and at every sign-in (issue 33, item 4): a banned or suspended user sees on every
 * page why, until when, and where to read the statement of reasons and appeal; not a silent sign-out.
 */
export default function RestrictionNotice({ restriction }: { restriction: Restriction }) {
  const what = restriction.kind === 'ban' ? 'Your account is banned' : `Your account is suspended until ${formatDate(restriction.endsAt!)}`;
  return (
    <div role="alert" className="border-b border-red-200 bg-red-50 text-red-900">
      <div className="mx-auto flex max-w-6xl flex-wrap items-start gap-3 px-4 py-3 text-sm">
        <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
        <div className="flex-1 space-y-1">
          <p className="font-semibold">
            {what}: {groundLabel(restriction.ground)}.
          </p>
          <p>{restriction.facts}</p>
          <p>
            You can still read the site, appeal and download your data.{' '}
            <Link to={STANDING_PATH} className="font-medium underline">
              {restriction.appealed ? 'See your appeal' : 'Read the statement and appeal'}
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
