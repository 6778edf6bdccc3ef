import { Pencil, Webhook } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AuthUser, Regiment } from '#core/api';
import { commonMessages } from '#core/messages/common';
import { manageMessages } from '#core/messages/manage';
import { webhookMessages } from '#core/messages/webhooks';
import type { RegimentEditBody } from '#core/schemas/manage';
import { useDeleteRegiment, useUpdateRegiment } from '#web/api/manage';
import { unlessStepUpCancelled } from '#web/api/step-up';
import { DeleteConfirmDialog } from '#web/components/domain/delete-confirm-dialog';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog';
import { errorMessage } from '#web/lib/api-client';
import { toast } from '#web/lib/toast-store';
import { RegimentEditForm } from './regiment-edit-form';
import { chooseRegimentManagement } from './regiment-management';
import { RegimentWebhookSection } from './regiment-webhook-section';

/**
 * 'Edit Regiment' for its owner or an admin, 'Delete Regiment' for admins (spec sections 2 and 6). The
 * mutations live here, so their toasts and the way home come even if a dialog has closed.
 */
export function RegimentManageActions({ regiment, user }: { regiment: Regiment; user: AuthUser | null }) {
  const navigate = useNavigate();
  const updateRegiment = useUpdateRegiment();
  const deleteRegiment = useDeleteRegiment();
  const { canEdit, canDelete } = chooseRegimentManagement(user, regiment);
  if (!canEdit && !canDelete) return null;

  const save = (body: RegimentEditBody, onSaved: () => void) =>
    updateRegiment.mutate(
      { regiment, body },
      {
        onSuccess: () => {
          toast({ title: manageMessages.regimentUpdatedTitle, description: commonMessages.changesSaved });
          onSaved();
        },
        onError: (error) => toast({ title: manageMessages.regimentUpdateFailed, description: errorMessage(error), variant: 'destructive' }),
      },
    );

  const remove = () =>
    deleteRegiment.mutate(
      { regiment },
      {
        onSuccess: () => {
          toast({ title: manageMessages.regimentDeletedTitle, description: manageMessages.regimentDeleted });
          void navigate('/', { replace: true });
        },
        onError: unlessStepUpCancelled((error) =>
          toast({ title: manageMessages.regimentDeleteFailed, description: errorMessage(error), variant: 'destructive' }),
        ),
      },
    );

  return (
    <div className="flex flex-wrap justify-end gap-2">
      {canEdit && <EditRegimentDialog regiment={regiment} isSaving={updateRegiment.isPending} onSave={save} />}
      {canEdit && <RegimentWebhookDialog regiment={regiment} />}
      {canDelete && <DeleteRegimentDialog regiment={regiment} isDeleting={deleteRegiment.isPending} onDelete={remove} />}
    </div>
  );
}

function EditRegimentDialog({
  regiment,
  isSaving,
  onSave,
}: {
  regiment: Regiment;
  isSaving: boolean;
  onSave: (body: RegimentEditBody, onSaved: () => void) => void;
}) {
  const [isOpen, setOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Pencil className="h-4 w-4" aria-hidden />
          {manageMessages.editRegiment}
        </Button>
      </DialogTrigger>
      <DialogContent title={manageMessages.editRegiment} description={regiment.name} className="max-w-2xl">
        {/* Mounted on open: the form starts from the regiment as it is now. */}
        <RegimentEditForm
          regiment={regiment}
          isSubmitting={isSaving}
          onSubmit={(body) => onSave(body, () => setOpen(false))}
          onCancel={() => setOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

/** The Discord webhook's own panel (issue 36, item 6), apart from the regiment's edit and its Save. */
function RegimentWebhookDialog({ regiment }: { regiment: Regiment }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Webhook className="h-4 w-4" aria-hidden />
          {webhookMessages.heading}
        </Button>
      </DialogTrigger>
      <DialogContent title={webhookMessages.heading} description={regiment.name} className="max-w-2xl">
        <RegimentWebhookSection regimentId={regiment.id} />
      </DialogContent>
    </Dialog>
  );
}

function DeleteRegimentDialog({ regiment, isDeleting, onDelete }: { regiment: Regiment; isDeleting: boolean; onDelete: () => void }) {
  const officers = regiment.officerCount === 1 ? 'its officer' : `its ${regiment.officerCount} officers`;
  // What goes and what stays: docs/decisions/0006-deleting-officers-and-regiments.md.
  const description =
    `Are you sure you want to delete ${regiment.name}? The regiment, ${officers} with all their reviews and ratings, ` +
    'and every officer registration for it will be permanently deleted. Accounts linked to its officers are kept but ' +
    'no longer linked to an officer. This cannot be undone.';
  const [isOpen, setOpen] = useState(false);
  return (
    <DeleteConfirmDialog
      isOpen={isOpen}
      onOpenChange={setOpen}
      emphasis="strong"
      label={manageMessages.deleteRegiment}
      title={manageMessages.deleteRegiment}
      description={description}
      confirmLabel={manageMessages.deleteRegiment}
      isPending={isDeleting}
      onConfirm={onDelete}
    />
  );
}
