import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { webhookMessages as M } from '#core/messages/webhooks';
import { regimentWebhookBodySchema, type RegimentWebhookBody, type RegimentWebhookStatus } from '#core/schemas/regiment-webhook';
import { useChangeRegimentWebhook, useRegimentWebhook } from '#web/api/regiment-webhook';
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
 * The regiment's Discord webhook, in its edit dialog (issue 19, item 3): a form of its own beside
 * the regiment's, since its URL is saved and removed by calls of its own
 * (docs/decisions/0039-regiment-webhooks.md). The field starts empty: a saved URL is a secret.
 */
export function RegimentWebhookSection({ regimentId }: { regimentId: number }) {
  const webhook = useRegimentWebhook(regimentId);
  const change = useChangeRegimentWebhook(regimentId);
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
        toast({ title: M.heading, description: body ? M.saved : M.removed });
      },
      onError: (error) => {
        // The server's refusal of the URL itself (a host it does not post to) goes under the field.
        if (error instanceof ApiError && error.status === 400 && body) setError('url', { message: error.serverMessage });
        else toast({ title: M.saveFailed, description: errorMessage(error), variant: 'destructive' });
      },
    });

  const status = webhook.data;
  return (
    <section aria-labelledby="regiment-webhook-heading" className="space-y-3 border-t border-stone-200 pt-5">
      <h3 id="regiment-webhook-heading" className="font-semibold text-ink">
        {M.heading}
      </h3>
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
            <Button variant="outline" disabled={change.isPending} onClick={() => submit(null)}>
              {change.isPending && change.variables === null ? M.removing : M.remove}
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
