import { ClipboardCheck, FileText, MessageSquareWarning, Shield, UserRound, Users } from 'lucide-react';
import type { AdminActivity } from '#core/api';
import { adminMessages } from '#core/messages/admin';
import { Alert, Skeleton } from '#web/components/ui/feedback';
import { errorMessage } from '#web/lib/api-client';
import { formatActivityTime } from '#web/features/admin/activity-time';

const TARGET_ICONS: Record<string, typeof Shield> = {
  regiment_registration: ClipboardCheck,
  officer_registration: ClipboardCheck,
  officer: UserRound,
  regiment: Shield,
  user: Users,
  review: MessageSquareWarning,
};

/**
 * 'Recent Activity' (spec section 2, /admin): the audit log of administrative actions, newest first,
 * each with what was done, who did it and when, instead of the spec's fixed placeholder.
 */
export function RecentActivity({ activity, isPending, error }: { activity: AdminActivity[] | undefined; isPending: boolean; error: Error | null }) {
  if (isPending) {
    return (
      <ul className="space-y-3" aria-busy="true" aria-label="Loading recent activity">
        {Array.from({ length: 3 }, (_, i) => (
          <li key={i}>
            <Skeleton className="h-14" />
          </li>
        ))}
      </ul>
    );
  }
  if (!activity) {
    return (
      <Alert variant="destructive" title="The activity log could not be loaded">
        {errorMessage(error)}
      </Alert>
    );
  }
  if (activity.length === 0) return <p className="py-6 text-center text-stone-600">{adminMessages.noActivity}</p>;

  return (
    <ol className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-surface" aria-label="Recent administrative activity">
      {activity.map((entry) => {
        const Icon = TARGET_ICONS[entry.targetType] ?? FileText;
        return (
          <li key={entry.id} className="flex items-start gap-3 p-4">
            <Icon className="mt-0.5 h-5 w-5 shrink-0 text-stone-500" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words">{entry.summary}</p>
              <p className="text-sm text-stone-600">
                by <span className="font-medium text-ink">{entry.adminUsername ?? 'a removed account'}</span> ·{' '}
                <time dateTime={entry.createdAt}>{formatActivityTime(entry.createdAt)}</time>
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
