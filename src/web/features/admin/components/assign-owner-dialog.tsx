import { useState } from 'react';
import { yourDataMessages as M } from '#core/messages/your-data';
import { useAssignRegimentOwner } from '#web/api/admin';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog';
import { Input } from '#web/components/ui/form';
import { FormField } from '#web/components/ui/form-field';
import { errorMessage } from '#web/lib/api-client';
import { toast } from '#web/lib/toast-store';

/**
 * Issue 35: a regiment whose owner deleted their account is given a new owner by username. The
 * server's refusal (no such account) is shown under the field.
 */
export function AssignOwnerDialog({ regiment }: { regiment: { id: number; name: string } }) {
  const [isOpen, setIsOpen] = useState(false);
  const [username, setUsername] = useState('');
  const assign = useAssignRegimentOwner();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    assign.mutate(
      { regimentId: regiment.id, username },
      {
        onSuccess: (answer) => {
          setIsOpen(false);
          toast({ title: M.ownerAssignedTitle, description: answer.message });
        },
      },
    );
  };
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        setIsOpen(open);
        if (!open) assign.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          {M.assignOwner}
          <span className="sr-only"> {regiment.name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent title={M.assignOwnerTitle} description={regiment.name}>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label={M.assignOwnerLabel} error={assign.error ? errorMessage(assign.error) : undefined}>
            {(field) => <Input {...field} value={username} onChange={(event) => setUsername(event.target.value)} autoComplete="off" />}
          </FormField>
          <Button type="submit" disabled={assign.isPending || username.trim() === ''}>
            {M.assignOwner}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
