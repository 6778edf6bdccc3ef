import { Link } from 'react-router';
import { yourDataMessages } from '#core/messages/your-data';
import { useAdminRegimentList } from '#web/api/admin';
import { SideBadge } from '#web/components/domain/side-badge';
import { Button } from '#web/components/ui/button';
import { commonMessages } from '#core/messages/common';
import { formatRatingSummary } from '#web/features/admin/rating-summary';
import { ActionsCell, AdminTable, Cell, RowHeader } from './admin-table';
import { AssignOwnerDialog } from './assign-owner-dialog';

const COLUMNS = ['Name', 'Side', 'Submitter', 'Officers', 'Average Rating', 'Actions'] as const;

/** Every regiment (GET /api/regiments), with a link to its page (spec section 2, /admin/regiments). */
export function AllRegimentsTable() {
  const regiments = useAdminRegimentList();
  return (
    <AdminTable
      title={commonMessages.allRegiments}
      columns={COLUMNS}
      rows={regiments.data}
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
