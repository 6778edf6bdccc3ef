import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { webhookMessages as M } from '#core/messages/webhooks';
import { regimentWebhookBodySchema, type RegimentWebhookBody, type RegimentWebhookStatus } from '#core/schemas/regiment-webhook';
import { useChangeRegimentWebhook, useRegimentWebhook, useSendRegimentWebhookTest } from '#web/api/regiment-webhook';
import { DeleteConfirmDialog } from '#web/components/domain/delete-confirm-dialog';
import { Button } from '#web/components/ui/button';
import { Input } from '#web/components/ui/form';
import { FormField } from '#web/components/ui/form-field';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { toast } from '#web/lib/toast-store';

/** What the section says of the webhook as the server reports it (the URL itself is never sent back). */
function describeWebhookStatus(status: RegimentWebhookStatus): string {
  if (!status.isSet) return M.notSet;
  if (status.disabledReason === 'gone') return M.disabledGone;
  if (status.disabledReason === 'failing') return M.disabledFailing;
  return M.isSet;
}

/**
 * The regiment's Discord webhook (issue 19, item 3), in a dialog of its own (issue 36, item 6: below
 * the regiment's own Save it read as part of that form), since its URL is saved and removed by calls
 * of its own (docs/decisions/0039-regiment-webhooks.md). The field starts empty: a saved URL is a
 * secret. A test message shows the owner that posting works; removal asks first.
 */
export function RegimentWebhookSection({ regimentId }: { regimentId: number }) {
  const webhook = useRegimentWebhook(regimentId);
  const change = useChangeRegimentWebhook(regimentId);
  const sendTest = useSendRegimentWebhookTest(regimentId);
  const [isConfirmingRemoval, setConfirmingRemoval] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<RegimentWebhookBody>({ resolver: zodResolver(regimentWebhookBodySchema), defaultValues: { url: '' } });

  const submit = (body: RegimentWebhookBody | null) =>
    change.mutate(body, {
      onSuccess: () => {
        reset({ url: '' });
        setConfirmingRemoval(false);
        toast({ title: M.heading, description: body ? M.saved : M.removed });
      },
      onError: (error) => {
        // The server's refusal of the URL itself (a host it does not post to) goes under the field.
        if (error instanceof ApiError && error.status === 400 && body) setError('url', { message: error.serverMessage });
        else toast({ title: M.saveFailed, description: errorMessage(error), variant: 'destructive' });
      },
    });

  const test = () =>
    sendTest.mutate(undefined, {
      onSuccess: (answer) => toast({ title: M.heading, description: answer.message }),
      onError: (error) => toast({ title: M.testFailed, description: errorMessage(error), variant: 'destructive' }),
    });

  const status = webhook.data;
  return (
    <section aria-label={M.heading} className="space-y-3">
      <p className="text-sm text-stone-600">{M.hint}</p>
      {webhook.isError ? (
        <p className="text-sm text-red-700">{M.loadFailed}</p>
      ) : status ? (
        <p className={status.disabledReason ? 'text-sm font-medium text-red-700' : 'text-sm text-stone-700'} data-testid="webhook-status">
          {describeWebhookStatus(status)}
        </p>
      ) : null}
      <form onSubmit={handleSubmit(submit)} noValidate className="space-y-3">
        <FormField label={M.urlLabel} error={errors.url?.message}>
          {(field) => (
            <Input
              {...field}
              type="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://discord.com/api/webhooks/…"
              {...register('url')}
            />
          )}
        </FormField>
        <div className="flex flex-wrap justify-end gap-3">
          {status?.isSet && (
            <DeleteConfirmDialog
              isOpen={isConfirmingRemoval}
              onOpenChange={setConfirmingRemoval}
              label={M.remove}
              title={M.removeConfirmTitle}
              description={M.removeConfirmBody}
              confirmLabel={M.remove}
              isPending={change.isPending && change.variables === null}
              onConfirm={() => submit(null)}
            />
          )}
          {status?.isSet && !status.disabledReason && (
            <Button variant="outline" disabled={sendTest.isPending} onClick={test}>
              {sendTest.isPending ? M.sendingTest : M.sendTest}
            </Button>
          )}
          <Button type="submit" variant="primary" disabled={change.isPending}>
            {change.isPending && change.variables ? M.saving : status?.isSet ? M.replace : M.save}
          </Button>
        </div>
      </form>
    </section>
  );
}
