import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { notificationsMessages } from '#core/messages/notifications';
import { settingsMessages } from '#core/messages/settings';
import { Link } from 'react-router';
import { DIGEST_FREQUENCIES, FOLLOWING_PATH, type DigestFrequency } from '#core/follows';
import { followMessages } from '#core/messages/follows';
import { DIGEST_KINDS, MAIL_KIND_LABELS, MAIL_REQUIRED, NOTIFICATION_KINDS, RETIRED_KINDS, type NotificationKind } from '#core/notifications';
import { mySettingsQueryOptions, useSaveSettings } from '#web/api/settings';
import { Card, CardContent } from '#web/components/ui/card';
import { Select } from '#web/components/ui/form';
import { Spinner } from '#web/components/ui/feedback';
import { errorMessage } from '#web/lib/api-client';
import { toast } from '#web/lib/toast-store';

const DIGEST_LABELS: Readonly<Record<DigestFrequency, string>> = {
  off: followMessages.digestOff,
  daily: followMessages.digestDaily,
  weekly: followMessages.digestWeekly,
};

/**
 * Mail on or off per kind of notification (issue 18, item 4), and how often the digest of what the
 * user follows is mailed (issue 36); each choice saves at once.
 */
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
          {NOTIFICATION_KINDS.filter((kind) => !RETIRED_KINDS.has(kind) && !DIGEST_KINDS.has(kind)).map((kind) => {
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
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor="mail-digest">{followMessages.digestLabel}</label>
          <Select
            id="mail-digest"
            className="w-auto"
            value={data.digest}
            disabled={save.isPending}
            onChange={(event) => {
              save.mutate(
                { hideLevel: data.hideLevel, digest: event.target.value as DigestFrequency },
                {
                  onSuccess: () => toast({ title: settingsMessages.saved }),
                  onError: (error) => toast({ title: settingsMessages.saveFailed, description: errorMessage(error), variant: 'destructive' }),
                },
              );
            }}
          >
            {DIGEST_FREQUENCIES.map((frequency) => (
              <option key={frequency} value={frequency}>
                {DIGEST_LABELS[frequency]}
              </option>
            ))}
          </Select>
          <Link to={FOLLOWING_PATH} className="text-sm underline">
            {followMessages.digestManage}
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
