import { ScrollText } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { formatDate } from '#core/date';
import { ACTION_KIND_LABELS, groundLabel, MODERATION_GROUNDS } from '#core/moderation';
import { useModerationLog } from '#web/api/moderation';
import { Button } from '#web/components/ui/button';
import { EmptyState, Spinner } from '#web/components/ui/feedback';
import { LoadFailedAlert } from '#web/components/load-failed-alert';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { StandingPage } from './standing';
import { TransparencyPage } from './transparency-report';

const TITLE = 'How the Site Is Moderated';

/**
 * /moderation (issue 33, item 6): the rules staff act on, the way to appeal, and every staff action
 * as it happens: its kind, ground, date, whether automated, the acting role, and whether appealed and
 * reversed. Never who was affected nor what they wrote.
 */
function ModerationLogPage() {
  useDocumentTitle(TITLE);
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('page') ?? '1');
  const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const log = useModerationLog(page);
  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <div className="space-y-3">
        <h1 className="flex items-center gap-3 text-3xl font-bold">
          <ScrollText className="h-8 w-8 text-brass-dark" aria-hidden />
          {TITLE}
        </h1>
        <p className="text-stone-600">
          Readers flag reviews and replies; moderators and admins decide. Every action that affects a member names one of the grounds below, with the
          facts, and the member may appeal it once within 30 days: someone other than the one who acted decides. Removed reviews are kept hidden until
          then, so a granted appeal puts them back as they were. Each month's figures are in the{' '}
          <Link to="/transparency" className="text-link underline underline-offset-4">
            transparency report
          </Link>
          .
        </p>
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-link">The grounds</summary>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {MODERATION_GROUNDS.map((ground) => (
              <li key={ground.code}>{ground.label}</li>
            ))}
          </ul>
        </details>
      </div>

      <section className="space-y-3" aria-labelledby="log-heading">
        <h2 id="log-heading" className="text-xl font-semibold">
          Moderation log
        </h2>
        {log.isError ? (
          <LoadFailedAlert title="The moderation log could not be loaded" error={log.error} onRetry={() => void log.refetch()} />
        ) : !log.data ? (
          <Spinner />
        ) : log.data.entries.length === 0 ? (
          <EmptyState title="No staff action has been taken yet." />
        ) : (
          <>
            {/* A named region that takes the focus, so keyboard users can scroll it sideways too. */}
            <div
              className="overflow-x-auto rounded-lg border border-stone-200"
              role="region"
              aria-label="Moderation log"
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take the focus (axe scrollable-region-focusable)
              tabIndex={0}
            >
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Staff actions, newest first</caption>
                <thead className="bg-stone-100">
                  <tr>
                    {['Date', 'Action', 'Ground', 'Taken by', 'Appeal'].map((column) => (
                      <th key={column} scope="col" className="px-3 py-2 font-semibold">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {log.data.entries.map((entry) => (
                    <tr key={entry.id} className="border-t border-stone-200">
                      <td className="px-3 py-2 whitespace-nowrap">{formatDate(entry.createdAt)}</td>
                      <td className="px-3 py-2">{ACTION_KIND_LABELS[entry.kind]}</td>
                      <td className="px-3 py-2">{groundLabel(entry.ground)}</td>
                      <td className="px-3 py-2">{entry.automated ? 'Automated' : entry.actorRole === 'admin' ? 'An admin' : 'A moderator'}</td>
                      <td className="px-3 py-2">{entry.reversed ? 'Appealed, reversed' : entry.appealed ? 'Appealed' : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {log.data.totalPages > 1 && (
              <nav aria-label="Log pages" className="flex items-center justify-center gap-3">
                <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setParams({ page: String(page - 1) })}>
                  Newer
                </Button>
                <span className="text-sm">
                  Page {page} of {log.data.totalPages}
                </span>
                <Button variant="outline" size="sm" disabled={page >= log.data.totalPages} onClick={() => setParams({ page: String(page + 1) })}>
                  Older
                </Button>
              </nav>
            )}
          </>
        )}
      </section>
    </div>
  );
}

/**
 * The pages of due process share one module (and one entry of the first screen's route table):
 * /moderation, the log; /transparency, the monthly report; /settings/standing, a user's own actions.
 */
function ModerationPage() {
  const { pathname } = useLocation();
  if (/^\/transparency\/?$/i.test(pathname)) return <TransparencyPage />;
  if (/^\/settings\/standing\/?$/i.test(pathname)) return <StandingPage />;
  return <ModerationLogPage />;
}

export { ModerationPage as Component };
