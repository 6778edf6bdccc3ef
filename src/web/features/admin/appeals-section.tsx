import { useState } from 'react';
import type { AdminAppeal } from '#core/api';
import { formatDate } from '#core/date';
import { adminMessages } from '#core/messages/admin';
import { moderationMessages } from '#core/messages/moderation';
import { ACTION_KIND_LABELS, groundLabel, MODERATION_LIMITS } from '#core/moderation';
import { useAuth } from '#web/api/auth';
import { useAppeals, useDecideAppeal } from '#web/api/moderation';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#web/components/ui/dialog';
import { Badge } from '#web/components/ui/feedback';
import { Textarea } from '#web/components/ui/form';
import { FormField } from '#web/components/ui/form-field';
import { errorMessage } from '#web/lib/api-client';
import { toast } from '#web/lib/toast-store';
import { ActionsCell, AdminTable, Cell, RowHeader, TextCell } from './components/admin-table';
import { CaseNotesDialog } from './moderation-actions';

const COLUMNS = ['Action', 'Statement', 'Appeal', 'Status', 'Actions'] as const;

const STATUS_STYLES: Record<AdminAppeal['status'], string> = {
  open: 'bg-amber-100 text-amber-900',
  upheld: 'bg-stone-200 text-stone-800',
  reversed: 'bg-green-100 text-green-800',
};
const STATUS_NAMES: Record<AdminAppeal['status'], string> = { open: 'Open', upheld: 'Upheld', reversed: 'Reversed' };

/**
 * Appeals of staff actions (issue 33, item 5), open ones first: each is decided by a staff member who
 * did not take the action, with a reason the user reads. Reverse undoes the action.
 */
export function AppealsSection() {
  const appeals = useAppeals();
  const { user } = useAuth();
  return (
    <AdminTable
      title="Appeals"
      columns={COLUMNS}
      rows={appeals.data}
      isPending={appeals.isPending}
      error={appeals.error}
      onRetry={() => void appeals.refetch()}
      errorTitle="The appeals could not be loaded"
      emptyText="No appeals."
      rowKey={(appeal) => appeal.id}
      renderRow={(appeal) => (
        <>
          <RowHeader>
            {ACTION_KIND_LABELS[appeal.action.kind]}
            <span className="mt-1 block text-xs font-normal text-stone-600">
              {appeal.username ?? 'A deleted account'}, {formatDate(appeal.action.createdAt)}, by a {appeal.action.actorRole}
            </span>
          </RowHeader>
          <TextCell>
            <span className="block font-medium">{groundLabel(appeal.action.ground)}</span>
            <span className="block">{appeal.action.facts}</span>
          </TextCell>
          <TextCell>
            <span className="block">{appeal.text}</span>
            {appeal.decisionReason && <span className="mt-1 block text-xs text-stone-600">Decision: {appeal.decisionReason}</span>}
          </TextCell>
          <Cell>
            <Badge className={STATUS_STYLES[appeal.status]}>{STATUS_NAMES[appeal.status]}</Badge>
            {appeal.assignee && <span className="mt-1 block text-xs text-stone-600">Assigned to {appeal.assignee.username}</span>}
          </Cell>
          <ActionsCell>
            {appeal.status === 'open' &&
              (appeal.action.actorId === user?.id ? (
                <span className="text-xs text-stone-600">{moderationMessages.ownActionAppeal}</span>
              ) : (
                <>
                  <DecideAppealDialog appeal={appeal} outcome="uphold" />
                  <DecideAppealDialog appeal={appeal} outcome="reverse" />
                </>
              ))}
            <CaseNotesDialog type="appeal" id={appeal.id} label={`appeal #${appeal.id}`} />
          </ActionsCell>
        </>
      )}
    />
  );
}

function DecideAppealDialog({ appeal, outcome }: { appeal: AdminAppeal; outcome: 'uphold' | 'reverse' }) {
  const [isOpen, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const decide = useDecideAppeal((message) => {
    toast({ title: moderationMessages.appealDecidedTitle, description: message });
    setOpen(false);
  });
  const isReverse = outcome === 'reverse';
  const label = isReverse ? 'Reverse' : 'Uphold';
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant={isReverse ? 'outline' : 'ghost'}>
          {label}
          <span className="sr-only"> appeal #{appeal.id}</span>
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`${label} the action: ${ACTION_KIND_LABELS[appeal.action.kind]}`}
        description={
          isReverse
            ? 'The action is undone: a removed review or reply is put back, a ban lifted, a registration reopened. The user is told why.'
            : 'The action stands. The user is told why.'
        }
      >
        <FormField label="Reason" hint="The user reads it as written.">
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              maxLength={MODERATION_LIMITS.decisionReasonMax}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            disabled={decide.isPending || reason.trim() === ''}
            onClick={() =>
              decide.mutate(
                { id: appeal.id, outcome, reason: reason.trim() },
                { onError: (error) => toast({ title: adminMessages.actionFailedTitle, description: errorMessage(error), variant: 'destructive' }) },
              )
            }
          >
            {label}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
