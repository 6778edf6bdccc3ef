import { commonMessages } from '#core/messages/common';
import { Star, X } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CompareKind } from '#core/compare';
import { RATING_CATEGORIES, RATING_CATEGORY_LABELS } from '#core/constants';
import { compareMessages } from '#core/messages/compare';
import { officerMessages } from '#core/messages/officer';
import { searchMessages } from '#core/messages/search';
import { SideBadge, sideTheme } from '#web/components/domain/side-badge';
import { FewReviews } from '#web/components/rating/few-reviews';
import { NotYetRated } from '#web/components/rating/not-yet-rated';
import { RatingValue } from '#web/components/rating/rating-value';
import { StarRating } from '#web/components/rating/star-rating';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { cn } from '#web/lib/cn';
import type { ComparedItem } from './compared-items';

interface Row {
  key: string;
  label: string;
  cell: (item: ComparedItem) => ReactNode;
}

interface RowGroup {
  key: string;
  /** Null for the first group (who they are), which needs no title. */
  title: string | null;
  rows: Row[];
}

/**
 * The comparison's rows, in one list that both layouts draw (the table on a wide screen, a card per
 * item on a phone), so the two can never say different things.
 */
function rowGroupsOf(kind: CompareKind): RowGroup[] {
  const who: Row[] =
    kind === 'officers'
      ? [
          {
            key: 'regiment',
            label: searchMessages.suggestionRegiment,
            cell: (item) =>
              item.regiment && (
                <Link to={`/regiment/${item.regiment.id}`} className="font-medium break-words text-link hover:underline">
                  {item.regiment.name}
                </Link>
              ),
          },
        ]
      : [{ key: 'officers', label: commonMessages.officers, cell: (item) => <span className="tabular-nums">{item.officerCount}</span> }];
  return [
    {
      key: 'who',
      title: null,
      rows: [...who, { key: 'side', label: compareMessages.rowSide, cell: (item) => <SideBadge name={item.side.name} code={item.side.code} /> }],
    },
    {
      key: 'all-time',
      title: officerMessages.allTimeColumn,
      rows: [
        {
          key: 'overall',
          label: officerMessages.overallLabel,
          cell: (item) => (
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <StarRating value={item.averageRating} size="sm" />
              <RatingValue value={item.averageRating} />
              <NotYetRated reviewCount={item.reviewCount} />
            </span>
          ),
        },
        ...RATING_CATEGORIES.map((category) => ({
          key: category,
          label: RATING_CATEGORY_LABELS[category],
          cell: (item: ComparedItem) => <RatingValue value={item.categories[category]} />,
        })),
        {
          key: 'reviews',
          label: officerMessages.trendReviewsColumn,
          cell: (item) => (
            <span className="flex flex-wrap items-center gap-2">
              <span className="tabular-nums">{item.reviewCount}</span>
              <FewReviews reviewCount={item.reviewCount} />
            </span>
          ),
        },
      ],
    },
    {
      key: 'recent',
      title: compareMessages.recentGroup,
      rows: [
        { key: 'recent-overall', label: officerMessages.overallLabel, cell: (item) => <RatingValue value={item.recent.averageRating} /> },
        ...RATING_CATEGORIES.map((category) => ({
          key: `recent-${category}`,
          label: RATING_CATEGORY_LABELS[category],
          cell: (item: ComparedItem) => <RatingValue value={item.recent[category]} />,
        })),
        {
          key: 'recent-reviews',
          label: compareMessages.rowRecentReviews,
          cell: (item) => <span className="tabular-nums">{item.recent.reviewCount}</span>,
        },
      ],
    },
    {
      key: 'distribution',
      title: compareMessages.rowDistribution,
      rows: [{ key: 'distribution', label: officerMessages.distributionTitle, cell: (item) => <StarSpread item={item} /> }],
    },
  ];
}

/** From 5 stars down to 1, as the officer page's distribution lists them. */
const STARS_DOWN = [5, 4, 3, 2, 1] as const;

/** The star distribution, small enough for a column: a bar per star; a screen reader reads one sentence. */
function StarSpread({ item }: { item: ComparedItem }) {
  const total = item.distribution.reduce((sum, count) => sum + count, 0);
  if (total === 0) return <span className="text-sm text-stone-600">{commonMessages.noReviewsYet}</span>;
  return (
    <div className="w-full max-w-48 space-y-1">
      <span className="sr-only">{compareMessages.distributionSummary(item.distribution)}</span>
      {STARS_DOWN.map((stars) => {
        const count = item.distribution[stars - 1] ?? 0;
        return (
          <div key={stars} className="flex items-center gap-1.5 text-xs" aria-hidden>
            <span className="flex w-6 shrink-0 items-center gap-0.5 font-medium text-stone-700 tabular-nums">
              {stars}
              <Star className="h-3 w-3 fill-brass text-brass-dark" />
            </span>
            <span className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-stone-200">
              <span className="block h-full rounded-full bg-primary" style={{ width: `${(count / total) * 100}%` }} />
            </span>
            <span className="min-w-6 shrink-0 text-right text-stone-700 tabular-nums">{count}</span>
          </div>
        );
      })}
    </div>
  );
}

function ItemName({ item }: { item: ComparedItem }) {
  return (
    <Link to={item.href} className="font-semibold break-words text-link hover:underline">
      {item.rank && <span className="font-normal text-stone-600">{item.rank} </span>}
      {item.name}
    </Link>
  );
}

function RemoveButton({ item, onRemove }: { item: ComparedItem; onRemove: (id: number) => void }) {
  const label = compareMessages.remove(item.rank ? `${item.rank} ${item.name}` : item.name);
  return (
    <Button variant="ghost" size="icon" className="shrink-0" aria-label={label} title={label} onClick={() => onRemove(item.id)}>
      <X className="h-4 w-4" aria-hidden />
    </Button>
  );
}

/**
 * The items side by side: on a wide screen a table, a column per item and a row per figure; on a
 * phone a card per item, one under the other, with the same rows (no sideways scroll at 320 px).
 * Only one of the two is displayed at a width, so assistive technology meets one.
 */
export function ComparisonView({ kind, items, onRemove }: { kind: CompareKind; items: ComparedItem[]; onRemove: (id: number) => void }) {
  const groups = rowGroupsOf(kind);
  return (
    <>
      <div className="hidden md:block">
        <table className="w-full table-fixed border-collapse rounded-lg bg-surface text-sm shadow-sm">
          <caption className="sr-only">{compareMessages.tableCaption(kind)}</caption>
          <thead>
            <tr>
              <td className="w-44 p-3" />
              {items.map((item) => (
                <th key={item.id} scope="col" className="p-3 text-left align-top">
                  <span className="flex items-start justify-between gap-2">
                    <ItemName item={item} />
                    <RemoveButton item={item} onRemove={onRemove} />
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          {groups.map((group) => (
            <tbody key={group.key}>
              {group.title && (
                <tr className="bg-stone-100">
                  <th
                    scope="colgroup"
                    colSpan={items.length + 1}
                    className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-stone-700 uppercase"
                  >
                    {group.title}
                  </th>
                </tr>
              )}
              {group.rows.map((row) => (
                <tr key={row.key} className="border-t border-stone-100">
                  <th scope="row" className="p-3 text-left align-top font-medium">
                    {row.label}
                  </th>
                  {items.map((item) => (
                    <td key={item.id} className="p-3 align-top">
                      {row.cell(item)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
      <ul className="space-y-4 md:hidden" aria-label={compareMessages.cardsLabel(kind)}>
        {items.map((item) => (
          <li key={item.id}>
            <Card className={cn('border-l-4 p-4', sideTheme(item.side.code).accent)}>
              <div className="flex items-start justify-between gap-2">
                <h2 className="min-w-0 text-lg leading-tight">
                  <ItemName item={item} />
                </h2>
                <RemoveButton item={item} onRemove={onRemove} />
              </div>
              {groups.map((group) => (
                <Fragment key={group.key}>
                  {group.title && <h3 className="mt-4 text-xs font-semibold tracking-wide text-stone-700 uppercase">{group.title}</h3>}
                  <dl className="mt-2 grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
                    {group.rows.map((row) => (
                      <Fragment key={row.key}>
                        <dt className="font-medium text-stone-700">{row.label}</dt>
                        <dd className="min-w-0">{row.cell(item)}</dd>
                      </Fragment>
                    ))}
                  </dl>
                </Fragment>
              ))}
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
