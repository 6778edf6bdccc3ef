import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AuthUser, Officer } from '#core/api';
import { commonMessages } from '#core/messages/common';
import { manageMessages } from '#core/messages/manage';
import { useDeleteOfficer, useUpdateOfficer } from '#web/api/manage';
import { unlessStepUpCancelled } from '#web/api/step-up';
import { DeleteConfirmDialog } from '#web/components/domain/delete-confirm-dialog';
import { OfficerForm, type OfficerFormValues } from '#web/components/domain/officer-form';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog';
import { errorMessage } from '#web/lib/api-client';
import { toast } from '#web/lib/toast-store';
import { chooseOfficerManagement, type OfficerManagement } from './officer-management';

/**
 * The owner's 'Edit My Profile' / 'Delete My Profile' or an admin's 'Edit Officer' / 'Delete Officer'
 * (spec sections 2 and 6). The mutations live here, not in the dialogs: after a self-delete the auth
 * status no longer names this officer and the buttons go, but the toast and the way home still come.
 */
export function OfficerManageActions({ officer, user }: { officer: Officer; user: AuthUser | null }) {
  const navigate = useNavigate();
  const updateOfficer = useUpdateOfficer();
  const deleteOfficer = useDeleteOfficer();
  const management = chooseOfficerManagement(user, officer.id);
  if (!management) return null;
  const { role } = management;

  const save = (values: OfficerFormValues, onSaved: () => void) =>
    updateOfficer.mutate(
      { officer, role, body: values },
      {
        onSuccess: () => {
          toast({
            title: role === 'admin' ? manageMessages.officerUpdatedTitle : manageMessages.profileUpdatedTitle,
            description: commonMessages.changesSaved,
          });
          onSaved();
        },
        onError: (error) => toast({ title: manageMessages.officerUpdateFailed, description: errorMessage(error), variant: 'destructive' }),
      },
    );

  const remove = () =>
    deleteOfficer.mutate(
      { officer, role },
      {
        onSuccess: () => {
          toast(
            role === 'admin'
              ? { title: manageMessages.officerDeletedTitle, description: manageMessages.officerDeleted }
              : { title: manageMessages.profileDeletedTitle, description: manageMessages.profileDeleted },
          );
          void navigate('/', { replace: true });
        },
        onError: unlessStepUpCancelled((error) =>
          toast({
            title: role === 'admin' ? manageMessages.officerDeleteFailed : manageMessages.profileDeleteFailed,
            description: errorMessage(error),
            variant: 'destructive',
          }),
        ),
      },
    );

  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <EditOfficerDialog officer={officer} management={management} isSaving={updateOfficer.isPending} onSave={save} />
      <DeleteOfficerDialog officer={officer} management={management} isDeleting={deleteOfficer.isPending} onDelete={remove} />
    </div>
  );
}

function EditOfficerDialog({
  officer,
  management,
  isSaving,
  onSave,
}: {
  officer: Officer;
  management: OfficerManagement;
  isSaving: boolean;
  onSave: (values: OfficerFormValues, onSaved: () => void) => void;
}) {
  const [isOpen, setOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outlineLight" size="sm">
          <Pencil className="h-4 w-4" aria-hidden />
          {management.editLabel}
        </Button>
      </DialogTrigger>
      <DialogContent title={management.editLabel} description={`${officer.rank} ${officer.name}`}>
        {/* Mounted on open: the form starts from the officer as it is now. */}
        <OfficerForm
          defaultValues={{
            name: officer.name,
            rank: officer.rank,
            regimentId: String(officer.regimentId),
            profileImageUrl: officer.profileImageUrl,
          }}
          submitLabel="Save Changes"
          pendingLabel="Saving…"
          isSubmitting={isSaving}
          onSubmit={(values) => onSave(values, () => setOpen(false))}
          onCancel={() => setOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

function DeleteOfficerDialog({
  officer,
  management,
  isDeleting,
  onDelete,
}: {
  officer: Officer;
  management: OfficerManagement;
  isDeleting: boolean;
  onDelete: () => void;
}) {
  const officerName = `${officer.rank} ${officer.name}`;
  // What goes and what stays: docs/decisions/0006-deleting-officers-and-regiments.md.
  const description =
    management.role === 'admin'
      ? `Are you sure you want to delete ${officerName}? The officer and all reviews and ratings will be permanently deleted. This cannot be undone.`
      : 'Your officer profile and all reviews and ratings of it will be permanently deleted. Your account is kept, no longer linked to an officer, and the reviews you wrote about other officers stay. This cannot be undone.';
  const [isOpen, setOpen] = useState(false);
  return (
    <DeleteConfirmDialog
      isOpen={isOpen}
      onOpenChange={setOpen}
      emphasis="strong"
      label={management.deleteLabel}
      title={management.deleteLabel}
      description={description}
      confirmLabel={management.deleteLabel}
      isPending={isDeleting}
      onConfirm={onDelete}
    />
  );
}
