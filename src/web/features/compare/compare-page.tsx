import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { comparePath, parseComparison, type CompareKind } from '#core/compare';
import { compareMessages } from '#core/messages/compare';
import { officerQueryOptions } from '#web/api/officers';
import { regimentRatingsQueryOptions } from '#web/api/regiment-ratings';
import { regimentQueryOptions } from '#web/api/regiments';
import { LoadFailedAlert } from '#web/components/load-failed-alert';
import { Alert, Skeleton } from '#web/components/ui/feedback';
import { ApiError } from '#web/lib/api-client';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { AddToComparison } from './add-to-comparison';
import { officerItem, regimentItem, type ComparedItem } from './compared-items';
import { ComparisonView } from './comparison-view';

/**
 * /compare?officers=12,40,7 or /compare?regiments=3,9 (issue 36, item 2): two to four officers or
 * regiments side by side. What is wrong with the address is said on the page; the items it could
 * read still show, with a box to add more, so a comparison started from one officer's page is built
 * here. Each item is the answer its own page reads (the officer's, the regiment's and its ratings),
 * so a comparison opened from a page it lists costs no new request.
 */
function ComparePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { kind, ids, problem } = useMemo(() => parseComparison(params), [params]);
  const title = kind === 'officers' ? compareMessages.officersTitle : compareMessages.regimentsTitle;
  useDocumentTitle(title);
  const show = (next: number[]) => void navigate(comparePath(kind, next));

  return (
    <section className="space-y-6">
      <header>
        <h1 className="font-serif text-3xl font-bold text-primary">{title}</h1>
        <p className="mt-1 text-stone-600">{compareMessages.intro}</p>
      </header>
      {problem && <Alert title={problem} />}
      <AddToComparison kind={kind} ids={ids} onAdd={(id) => show([...ids, id])} />
      {ids.length > 0 && <ComparedItems kind={kind} ids={ids} onRemove={(id) => show(ids.filter((other) => other !== id))} />}
      {ids.length === 0 && (
        <p className="text-sm">
          <Link to={kind === 'officers' ? '/search' : '/search?showRegiments=true'} className="text-link underline">
            {compareMessages.searchToChoose(kind)}
          </Link>
        </p>
      )}
    </section>
  );
}

/** The items' answers, one request each (the regiment's two), read together. */
function useComparedItems(kind: CompareKind, ids: number[]): { items: ComparedItem[]; queries: UseQueryResult[] } {
  const officers = useQueries({ queries: (kind === 'officers' ? ids : []).map((id) => officerQueryOptions(id)) });
  const regiments = useQueries({ queries: (kind === 'regiments' ? ids : []).map((id) => regimentQueryOptions(id)) });
  const ratings = useQueries({ queries: (kind === 'regiments' ? ids : []).map((id) => regimentRatingsQueryOptions(id)) });
  if (kind === 'officers') return { items: officers.flatMap(({ data }) => (data ? [officerItem(data)] : [])), queries: officers };
  const items = regiments.flatMap(({ data }, index) => {
    const itsRatings = ratings[index]?.data;
    return data && itsRatings ? [regimentItem(data, itsRatings)] : [];
  });
  return { items, queries: [...regiments, ...ratings] };
}

function ComparedItems({ kind, ids, onRemove }: { kind: CompareKind; ids: number[]; onRemove: (id: number) => void }) {
  const { items, queries } = useComparedItems(kind, ids);
  const isNotFound = (query: UseQueryResult) => query.error instanceof ApiError && query.error.status === 404;
  // An id that names nothing public is named, so the reader can take it out; the others still show.
  // The queries run in ids order, once per kind of answer.
  const missing = ids.filter((_, index) => queries.some((query, at) => at % ids.length === index && isNotFound(query)));
  const failed = queries.find((query) => query.isError && !isNotFound(query));
  if (failed) {
    return (
      <LoadFailedAlert
        title={compareMessages.loadFailed}
        error={failed.error}
        onRetry={() => {
          for (const query of queries) if (query.isError) void query.refetch();
        }}
      />
    );
  }
  const isLoading = queries.some((query) => query.isPending && query.fetchStatus !== 'idle');
  return (
    <>
      {missing.length > 0 && <Alert variant="destructive" title={compareMessages.notFound(kind, missing.join(', '))} />}
      {isLoading ? (
        <div role="status" aria-label={compareMessages.loading} className="grid grid-cols-1 gap-4 md:grid-cols-4">
          {ids.map((id) => (
            <Skeleton key={id} className="h-96" />
          ))}
        </div>
      ) : (
        items.length > 0 && <ComparisonView kind={kind} items={items} onRemove={onRemove} />
      )}
    </>
  );
}

export { ComparePage as Component };
