import { NotebookPen, UserX } from 'lucide-react';
import { useState } from 'react';
import { formatDate } from '#core/date';
import { adminMessages } from '#core/messages/admin';
import { staffMessages } from '#core/messages/staff';
import type { CaseType } from '#core/moderation';
import { useAuth } from '#web/api/auth';
import { useAddCaseNote, useAssignCase, useCase, useSuspendUser } from '#web/api/moderation';
import { reasonsOf, StatementFields, useStatementDraft } from '#web/components/domain/statement-fields';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#web/components/ui/dialog';
import { Input, Textarea } from '#web/components/ui/form';
import { FormField } from '#web/components/ui/form-field';
import { Spinner } from '#web/components/ui/feedback';
import { errorMessage } from '#web/lib/api-client';
import { toast } from '#web/lib/toast-store';

const failed = (title: string) => (error: Error) => toast({ title, description: errorMessage(error), variant: 'destructive' });

/**
 * Suspend the author of a flagged review (issue 33): for how many days, with the ground and facts
 * the user is told. The suspension ends by itself; the user may appeal it.
 */
export function SuspendUserDialog({ userId, username }: { userId: number; username: string }) {
  const [isOpen, setOpen] = useState(false);
  const [days, setDays] = useState('7');
  const [draft, setDraft] = useStatementDraft();
  const reasons = reasonsOf(draft);
  const suspend = useSuspendUser();
  const dayCount = Number(days);
  const validDays = Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= 365;
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50">
          <UserX className="h-4 w-4" aria-hidden />
          Suspend<span className="sr-only"> {username}</span>
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Suspend ${username}`}
        description="They can read, appeal and take their data, but not review, vote, flag, reply, register or upload until it ends."
      >
        <FormField label="Days" hint="From 1 to 365; the suspension ends by itself.">
          {(control) => <Input {...control} type="number" min={1} max={365} value={days} onChange={(event) => setDays(event.target.value)} />}
        </FormField>
        <StatementFields draft={draft} onChange={setDraft} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={suspend.isPending || reasons === null || !validDays}
            onClick={() =>
              reasons &&
              suspend.mutate(
                { id: userId, days: dayCount, ...reasons },
                {
                  onSuccess: (answer) => {
                    toast({ title: staffMessages.userSuspendedTitle, description: answer.message });
                    setOpen(false);
                  },
                  onError: failed(adminMessages.actionFailedTitle),
                },
              )
            }
          >
            {suspend.isPending ? 'Suspending…' : 'Suspend'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * A case's private staff notes and who is working it (issue 33, item 7), so two moderators do not
 * decide the same thing twice. Asked for only when opened.
 */
export function CaseNotesDialog({ type, id, label }: { type: CaseType; id: number; label: string }) {
  const [isOpen, setOpen] = useState(false);
  const { user } = useAuth();
  const detail = useCase(type, id, isOpen);
  const addNote = useAddCaseNote(type, id);
  const assign = useAssignCase(type, id);
  const [text, setText] = useState('');
  const assignee = detail.data?.assignee ?? null;
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="ghost">
          <NotebookPen className="h-4 w-4" aria-hidden />
          Notes<span className="sr-only"> on {label}</span>
        </Button>
      </DialogTrigger>
      <DialogContent title={`Staff notes: ${label}`} description="Only moderators and admins see these notes.">
        {!detail.data ? (
          <Spinner />
        ) : (
          <div className="space-y-4">
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>{assignee ? `Assigned to ${assignee.username}` : 'Not assigned'}</span>
              {user &&
                (assignee?.id === user.id ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={assign.isPending}
                    onClick={() => assign.mutate(null, { onError: failed(adminMessages.actionFailedTitle) })}
                  >
                    Unassign
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={assign.isPending}
                    onClick={() => assign.mutate(user.id, { onError: failed(adminMessages.actionFailedTitle) })}
                  >
                    Assign to me
                  </Button>
                ))}
            </div>
            <ul className="max-h-60 space-y-2 overflow-y-auto text-sm" aria-label="Notes">
              {detail.data.notes.length === 0 && <li className="text-stone-500">No notes yet.</li>}
              {detail.data.notes.map((note) => (
                <li key={note.id} className="rounded-md border border-stone-200 p-2">
                  <p className="whitespace-pre-wrap">{note.text}</p>
                  <p className="mt-1 text-xs text-stone-500">
                    {note.author ?? 'A deleted account'}, {formatDate(note.createdAt)}
                  </p>
                </li>
              ))}
            </ul>
            <FormField label="Add a note">
              {(control) => <Textarea {...control} rows={2} value={text} onChange={(event) => setText(event.target.value)} />}
            </FormField>
            <div className="flex justify-end">
              <Button
                size="sm"
                disabled={addNote.isPending || text.trim() === ''}
                onClick={() => addNote.mutate(text.trim(), { onSuccess: () => setText(''), onError: failed(adminMessages.actionFailedTitle) })}
              >
                Add note
              </Button>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
