import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { notificationsMessages } from '#core/messages/notifications';
import { settingsMessages } from '#core/messages/settings';
import { MAIL_KIND_LABELS, MAIL_REQUIRED, NOTIFICATION_KINDS, RETIRED_KINDS, type NotificationKind } from '#core/notifications';
import { mySettingsQueryOptions, useSaveSettings } from '#web/api/settings';
import { Card, CardContent } from '#web/components/ui/card';
import { Spinner } from '#web/components/ui/feedback';
import { errorMessage } from '#web/lib/api-client';
import { toast } from '#web/lib/toast-store';

/** Mail on or off per kind of notification (issue 18, item 4); each switch saves at once. */
export function MailSettings({ userId }: { userId: number }) {
  const { data } = useQuery(mySettingsQueryOptions(userId));
  const save = useSaveSettings(userId);
  // The switch being saved and its new value, shown until the answer (as the level box does).
  const [saving, setSaving] = useState<{ kind: NotificationKind; isOn: boolean } | null>(null);

  // The level setting above says when the settings could not be loaded.
  if (!data) return <Spinner />;
  return (
    <Card>
      <CardContent className="space-y-4 pt-6">
        <div>
          <h2 className="font-serif text-xl font-semibold">{notificationsMessages.mailHeading}</h2>
          <p className="text-sm text-stone-600">{notificationsMessages.mailHint}</p>
        </div>
        <ul className="space-y-3">
          {NOTIFICATION_KINDS.filter((kind) => !RETIRED_KINDS.has(kind)).map((kind) => {
            const isOn = saving?.kind === kind ? saving.isOn : data.mail[kind];
            return (
              <li key={kind} className="flex items-center gap-3">
                <input
                  id={`mail-${kind}`}
                  type="checkbox"
                  className="h-4 w-4 accent-union-dark"
                  checked={isOn}
                  // A statement of reasons and an appeal's outcome are always mailed (issue 33).
                  disabled={saving !== null || MAIL_REQUIRED.has(kind)}
                  onChange={(event) => {
                    const next = event.target.checked;
                    setSaving({ kind, isOn: next });
                    save.mutate(
                      { hideLevel: data.hideLevel, mail: { [kind]: next } },
                      {
                        onSuccess: () => toast({ title: settingsMessages.saved }),
                        onError: (error) => toast({ title: settingsMessages.saveFailed, description: errorMessage(error), variant: 'destructive' }),
                        onSettled: () => setSaving(null),
                      },
                    );
                  }}
                />
                <label htmlFor={`mail-${kind}`}>{MAIL_KIND_LABELS[kind]}</label>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
