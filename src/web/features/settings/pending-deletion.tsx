import { formatDate } from '#core/date';
import { yourDataMessages } from '#core/messages/your-data';
import { useCancelDeletion } from '#web/api/your-data';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { FieldError } from '#web/components/ui/form';
import { errorMessage } from '#web/lib/api-client';

/**
 * /settings while the account waits to be deleted (issue 35): the server lets it do nothing but
 * cancel, so nothing else is offered. Once cancelled, the new auth status brings the settings back.
 */
export function PendingDeletion({ deleteAfter }: { deleteAfter: string }) {
  const cancel = useCancelDeletion();
  return (
    <Card className="border-red-300">
      <CardContent className="space-y-4 pt-6">
        <h2 className="font-serif text-xl font-semibold">{yourDataMessages.pendingTitle}</h2>
        <p className="text-sm">{yourDataMessages.pending(formatDate(deleteAfter))}</p>
        <Button disabled={cancel.isPending} onClick={() => cancel.mutate()}>
          {yourDataMessages.cancelButton}
        </Button>
        <FieldError message={cancel.isError ? errorMessage(cancel.error) : undefined} />
      </CardContent>
    </Card>
  );
}
