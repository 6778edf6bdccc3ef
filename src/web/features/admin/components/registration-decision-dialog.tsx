import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { adminMessages } from '#core/messages/admin';
import { registrationFormMessages } from '#core/messages/registration-form';
import { ADMIN_NOTES_MAX, type RegistrationAction } from '#core/schemas/registration';
import type { ModerationReasons } from '#core/api';
import { reasonsOf, StatementFields, useStatementDraft } from '#web/components/domain/statement-fields';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog';
import { Textarea } from '#web/components/ui/form';
import { FormField } from '#web/components/ui/form-field';

/** The registration an admin is deciding, and how. */
export interface PendingDecision<T> {
  registration: T;
  action: RegistrationAction;
}

/** The notes field of the decision dialog: optional, as long as the server accepts (spec section 2). */
const decisionFormSchema = z.object({
  notes: z.string().trim().max(ADMIN_NOTES_MAX, registrationFormMessages.notesMax),
});
type DecisionForm = z.input<typeof decisionFormSchema>;
type DecisionValues = z.output<typeof decisionFormSchema>;

const ACTION_TEXT: Record<RegistrationAction, { title: string; confirm: string; pending: string }> = {
  approve: { title: 'Approve Registration', confirm: 'Approve', pending: 'Approving…' },
  reject: { title: 'Reject Registration', confirm: 'Reject', pending: 'Rejecting…' },
};

/**
 * Approve or reject a registration request: what was asked for (`children`), optional
 * 'Administrator Notes' (3 rows), and the button that decides. Stays open when the call fails.
 */
export function RegistrationDecisionDialog({
  action,
  isOpen,
  isDeciding,
  onClose,
  onConfirm,
  children,
}: {
  action: RegistrationAction;
  isOpen: boolean;
  isDeciding: boolean;
  onClose: () => void;
  /** Notes are null when none were written; a rejection's reasons are its statement (issue 33). */
  onConfirm: (notes: string | null, reasons?: ModerationReasons) => void;
  children: ReactNode;
}) {
  const text = ACTION_TEXT[action];
  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={text.title} description="Check the request before you decide. The requester sees your notes." className="max-w-2xl">
        {children}
        {/* Mounted with the dialog: every decision starts with empty notes. */}
        <DecisionNotesForm action={action} isDeciding={isDeciding} onConfirm={onConfirm} />
      </DialogContent>
    </Dialog>
  );
}

function DecisionNotesForm({
  action,
  isDeciding,
  onConfirm,
}: {
  action: RegistrationAction;
  isDeciding: boolean;
  onConfirm: (notes: string | null, reasons?: ModerationReasons) => void;
}) {
  const text = ACTION_TEXT[action];
  // A rejection tells the requester why (issue 33): the ground and facts of their statement of reasons.
  const [draft, setDraft] = useStatementDraft();
  const reasons = reasonsOf(draft);
  const isRejection = action === 'reject';
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DecisionForm, unknown, DecisionValues>({ resolver: zodResolver(decisionFormSchema), defaultValues: { notes: '' } });
  const notesError = errors.notes?.message;

  return (
    <form
      onSubmit={handleSubmit(({ notes }) => onConfirm(notes === '' ? null : notes, isRejection ? (reasons ?? undefined) : undefined))}
      noValidate
      className="space-y-4"
    >
      <FormField label={adminMessages.notesLabel} optional error={notesError}>
        {(field) => <Textarea {...field} rows={3} {...register('notes')} />}
      </FormField>
      {isRejection && <StatementFields draft={draft} onChange={setDraft} />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant={action === 'approve' ? 'primary' : 'destructive'} disabled={isDeciding || (isRejection && reasons === null)}>
          {isDeciding ? text.pending : text.confirm}
        </Button>
      </div>
    </form>
  );
}
