import { commonMessages } from '#core/messages/common';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Officer } from '#core/api';
import { STEAM_PROFILE_URL } from '#core/constants';
import { manageMessages } from '#core/messages/manage';
import { reviewsMessages } from '#core/messages/reviews';
import { useAdminOfficerList, useDeleteOfficerAsAdmin } from '#web/api/admin';
import { unlessStepUpCancelled } from '#web/api/step-up';
import { Button } from '#web/components/ui/button';
import { DeleteConfirmDialog } from '#web/components/domain/delete-confirm-dialog';
import { errorMessage } from '#web/lib/api-client';
import { toast } from '#web/lib/toast-store';
import { formatRatingSummary } from '#web/features/admin/rating-summary';
import { ActionsCell, AdminTable, Cell, RowHeader } from './admin-table';
import { useAdminTableView, type AdminTableFilterOption } from './admin-table-view';

const COLUMNS = ['Name', 'Rank', 'Regiment', 'Linked User', 'Rating', 'Reviews', 'Actions'] as const;

const FILTERS: readonly AdminTableFilterOption<Officer>[] = [
  { value: 'unrated', label: commonMessages.noReviewsYet, keeps: (officer) => officer.reviewCount === 0 },
];

const searchTextOf = (officer: Officer) => [officer.name, officer.rank, officer.regimentName, officer.linkedUsername];

/** The account linked to the officer: its Steam profile when it has one (spec section 2). */
function LinkedUser({ officer }: { officer: Pick<Officer, 'linkedUsername' | 'linkedSteamId'> }) {
  if (officer.linkedSteamId) {
    return (
      <a
        href={`${STEAM_PROFILE_URL}${officer.linkedSteamId}`}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 font-medium text-link hover:underline"
      >
        {officer.linkedUsername ?? officer.linkedSteamId}
        <ExternalLink className="h-3 w-3" aria-label="(Steam profile, opens in a new tab)" />
      </a>
    );
  }
  return officer.linkedUsername ? <span>{officer.linkedUsername}</span> : <span className="text-stone-500">None</span>;
}

/** Every officer (GET /api/officers), with View and the admin's Delete (spec section 2, /admin/officers). */
export function AllOfficersTable() {
  const officers = useAdminOfficerList();
  const deleteOfficer = useDeleteOfficerAsAdmin();
  const [toDelete, setToDelete] = useState<Officer | null>(null);
  const view = useAdminTableView(officers.data, { searchLabel: 'officers', searchTextOf, filterOptions: FILTERS });

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteOfficer.mutate(
      { id: toDelete.id, regimentId: toDelete.regimentId },
      {
        onSuccess: () => {
          toast({ title: manageMessages.officerDeletedTitle, description: manageMessages.officerDeleted });
          setToDelete(null);
        },
        onError: unlessStepUpCancelled((error) =>
          toast({ title: reviewsMessages.deleteFailedTitle, description: errorMessage(error), variant: 'destructive' }),
        ),
      },
    );
  };

  return (
    <AdminTable
      title="All Officers"
      columns={COLUMNS}
      rows={officers.data}
      view={view}
      isPending={officers.isPending}
      error={officers.error}
      onRetry={() => void officers.refetch()}
      errorTitle="The officers could not be loaded"
      emptyText="No officers found."
      rowKey={(officer) => officer.id}
      renderRow={(officer) => (
        <>
          <RowHeader>{officer.name}</RowHeader>
          <Cell>{officer.rank}</Cell>
          <Cell>
            <Link to={`/regiment/${officer.regimentId}`} className="text-link hover:underline">
              {officer.regimentName}
            </Link>
          </Cell>
          <Cell>
            <LinkedUser officer={officer} />
          </Cell>
          <Cell className="tabular-nums">{formatRatingSummary(officer.averageRating, officer.reviewCount)}</Cell>
          <Cell className="tabular-nums">{officer.reviewCount}</Cell>
          <ActionsCell>
            <Button asChild size="sm" variant="outline">
              <Link to={`/officer/${officer.id}`}>
                View<span className="sr-only"> {officer.name}</span>
              </Link>
            </Button>
            <DeleteConfirmDialog
              isOpen={toDelete?.id === officer.id}
              onOpenChange={(isOpen) => setToDelete(isOpen ? officer : null)}
              emphasis="strong"
              label={
                <>
                  Delete<span className="sr-only"> {officer.name}</span>
                </>
              }
              title={manageMessages.deleteOfficer}
              description={`Are you sure you want to delete ${officer.rank} ${officer.name}? The officer and all of their reviews and ratings will be permanently deleted. This cannot be undone.`}
              confirmLabel={manageMessages.deleteOfficer}
              isPending={deleteOfficer.isPending}
              onConfirm={confirmDelete}
            />
          </ActionsCell>
        </>
      )}
    />
  );
}
