import { CircleAlert, CircleCheck, RefreshCw } from 'lucide-react';
import { useAdminStatus } from '#web/api/admin';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/feedback';
import { LoadFailedAlert } from '#web/components/load-failed-alert';
import { cn } from '#web/lib/cn';
import { formatActivityTime } from '#web/features/admin/activity-time';
import { describeSystemChecks } from '#web/features/admin/system-checks';

/**
 * 'System Status' (spec section 2, /admin): live checks from GET /api/admin/status, asked when the
 * tab opens and again with 'Check again'.
 */
export function SystemStatus() {
  const status = useAdminStatus();

  if (status.isPending) {
    return (
      <ul className="space-y-3" aria-busy="true" aria-label="Checking the system status">
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i}>
            <Skeleton className="h-12" />
          </li>
        ))}
      </ul>
    );
  }
  if (!status.data) {
    return <LoadFailedAlert title="The system status could not be checked" error={status.error} onRetry={() => void status.refetch()} />;
  }

  return (
    <div className="space-y-3">
      <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-surface" aria-label="System checks">
        {describeSystemChecks(status.data).map((check) => {
          const Icon = check.isOk ? CircleCheck : CircleAlert;
          return (
            <li key={check.label} className="flex items-start gap-3 p-4">
              <Icon className={cn('mt-0.5 h-5 w-5 shrink-0', check.isOk ? 'text-green-700' : 'text-red-700')} aria-hidden />
              <div className="min-w-0">
                <p className="font-medium">
                  {check.label}
                  <span className="sr-only">: {check.isOk ? 'OK' : 'problem'}</span>
                </p>
                <p className="text-sm break-words text-stone-600">{check.detail}</p>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-stone-600">
        <p>
          Checked <time dateTime={status.data.serverTime}>{formatActivityTime(status.data.serverTime)}</time>
        </p>
        <Button variant="outline" size="sm" disabled={status.isFetching} onClick={() => void status.refetch()}>
          <RefreshCw className={cn('h-4 w-4', status.isFetching && 'animate-spin')} aria-hidden />
          Check again
        </Button>
      </div>
    </div>
  );
}
