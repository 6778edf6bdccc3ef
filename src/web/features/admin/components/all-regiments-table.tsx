import { Link } from 'react-router';
import type { RankedRegiment } from '#core/api';
import { adminMessages } from '#core/messages/admin';
import { yourDataMessages } from '#core/messages/your-data';
import { useAdminRegimentList } from '#web/api/admin';
import { SideBadge } from '#web/components/domain/side-badge';
import { Button } from '#web/components/ui/button';
import { commonMessages } from '#core/messages/common';
import { formatRatingSummary } from '#web/features/admin/rating-summary';
import { ActionsCell, AdminTable, Cell, RowHeader } from './admin-table';
import { AssignOwnerDialog } from './assign-owner-dialog';
import { useAdminTableView, type AdminTableFilterOption } from './admin-table-view';

const COLUMNS = ['Name', 'Side', 'Submitter', 'Officers', 'Average Rating', 'Actions'] as const;

const FILTERS: readonly AdminTableFilterOption<RankedRegiment>[] = [
  { value: 'owner-left', label: adminMessages.filterOwnerLeft, keeps: (regiment) => regiment.ownerLeft === true },
  { value: 'unrated', label: commonMessages.noReviewsYet, keeps: (regiment) => regiment.reviewCount === 0 },
];

const searchTextOf = (regiment: RankedRegiment) => [regiment.name, regiment.sideName, regiment.submitterUsername];

/** Every regiment (GET /api/regiments), with a link to its page (spec section 2, /admin/regiments). */
export function AllRegimentsTable() {
  const regiments = useAdminRegimentList();
  const view = useAdminTableView(regiments.data, { searchLabel: 'regiments', searchTextOf, filterOptions: FILTERS });
  return (
    <AdminTable
      title={commonMessages.allRegiments}
      columns={COLUMNS}
      rows={regiments.data}
      view={view}
      isPending={regiments.isPending}
      error={regiments.error}
      onRetry={() => void regiments.refetch()}
      errorTitle="The regiments could not be loaded"
      emptyText="No regiments found."
      rowKey={(regiment) => regiment.id}
      renderRow={(regiment) => (
        <>
          <RowHeader>{regiment.name}</RowHeader>
          <Cell>
            <SideBadge name={regiment.sideName} code={regiment.side.code} />
          </Cell>
          <Cell>
            {regiment.submitterUsername ??
              // Issue 35: the owner deleted their account; the regiment stays, waiting for a new owner.
              (regiment.ownerLeft ? (
                <span className="text-stone-600 italic">{yourDataMessages.ownerLeft}</span>
              ) : (
                <span className="text-stone-500">—</span>
              ))}
          </Cell>
          <Cell className="tabular-nums">{regiment.officerCount}</Cell>
          <Cell className="tabular-nums">{formatRatingSummary(regiment.averageRating, regiment.reviewCount)}</Cell>
          <ActionsCell>
            {regiment.ownerLeft && <AssignOwnerDialog regiment={regiment} />}
            <Button asChild size="sm" variant="outline">
              <Link to={`/regiment/${regiment.id}`}>
                View<span className="sr-only"> {regiment.name}</span>
              </Link>
            </Button>
          </ActionsCell>
        </>
      )}
    />
  );
}
