import { BarChart3 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { ACTION_KIND_LABELS, groundLabel } from '#core/moderation';
import { useTransparencyReport } from '#web/api/moderation';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { EmptyState, Spinner } from '#web/components/ui/feedback';
import { Input } from '#web/components/ui/form';
import { FormField } from '#web/components/ui/form-field';
import { LoadFailedAlert } from '#web/components/load-failed-alert';
import { useDocumentTitle } from '#web/lib/use-document-title';

const TITLE = 'Transparency Report';
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * /transparency (issue 33, item 6): a month's staff actions by kind and ground, the flags received
 * and decided with the median time to a decision, and appeals and reversals. Every figure is a
 * recount of the public moderation log and the flags.
 */
export function TransparencyPage() {
  useDocumentTitle(TITLE);
  const [params, setParams] = useSearchParams();
  const asked = params.get('month') ?? '';
  const month = MONTH.test(asked) ? asked : new Date().toISOString().slice(0, 7);
  const report = useTransparencyReport(month);
  const data = report.data;
  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <div className="space-y-3">
        <h1 className="flex items-center gap-3 text-3xl font-bold">
          <BarChart3 className="h-8 w-8 text-brass-dark" aria-hidden />
          {TITLE}
        </h1>
        <p className="text-stone-600">
          What moderation did in a month (UTC), counted from the{' '}
          <Link to="/moderation" className="text-link underline underline-offset-4">
            public moderation log
          </Link>
          .
        </p>
        <FormField label="Month">
          {(control) => (
            <Input
              {...control}
              type="month"
              className="w-48"
              value={month}
              onChange={(event) => event.target.value && setParams({ month: event.target.value })}
            />
          )}
        </FormField>
      </div>
      {report.isError ? (
        <LoadFailedAlert title="The report could not be loaded" error={report.error} onRetry={() => void report.refetch()} />
      ) : !data ? (
        <Spinner />
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <Card className="md:col-span-2">
            <CardHeader>
              <CardTitle>Actions by kind and ground</CardTitle>
            </CardHeader>
            <CardContent>
              {data.actions.length === 0 ? (
                <EmptyState title="No staff action this month." />
              ) : (
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Actions by kind and ground</caption>
                  <thead>
                    <tr>
                      <th scope="col" className="py-1 font-semibold">
                        Action
                      </th>
                      <th scope="col" className="py-1 font-semibold">
                        Ground
                      </th>
                      <th scope="col" className="py-1 text-right font-semibold">
                        Count
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.actions.map((row) => (
                      <tr key={`${row.kind}-${row.ground}`} className="border-t border-stone-200">
                        <td className="py-1">{ACTION_KIND_LABELS[row.kind]}</td>
                        <td className="py-1">{groundLabel(row.ground)}</td>
                        <td className="py-1 text-right tabular-nums">{row.count}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              <p className="mt-3 text-sm text-stone-600">Taken by automated means: {data.automatedActions}</p>
            </CardContent>
          </Card>
          <Figures
            title="Flags"
            rows={[
              ['Received', data.flags.received],
              ['Decided by staff', data.flags.decided],
              ['Median time from flag to decision', data.flags.medianHoursToDecision === null ? '—' : `${data.flags.medianHoursToDecision} hours`],
            ]}
          />
          <Figures
            title="Appeals"
            rows={[
              ['Received', data.appeals.received],
              ['Decided', data.appeals.decided],
              ['Reversed', data.appeals.reversed],
            ]}
          />
        </div>
      )}
    </div>
  );
}

function Figures({ title, rows }: { title: string; rows: Array<[string, number | string]> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt>{label}</dt>
              <dd className="text-right font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
