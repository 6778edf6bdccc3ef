import { Copy, Download } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { securityMessages } from '#core/messages/security';
import { useRenewRecoveryCodes } from '#web/api/second-factor';
import { unlessStepUpCancelled } from '#web/api/step-up';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { errorMessage } from '#web/lib/api-client';
import { saveFile } from '#web/lib/save-file';
import { toast } from '#web/lib/toast-store';

/** The file a set of recovery codes is saved as: one code a line, with what they are for. */
function recoveryCodesFile(codes: readonly string[]): Blob {
  return new Blob([`${securityMessages.recoveryShownOnce}\n\n${codes.join('\n')}\n`], { type: 'text/plain' });
}

async function copy(codes: readonly string[]) {
  try {
    await navigator.clipboard.writeText(codes.join('\n'));
    toast({ title: securityMessages.recoveryCopied });
  } catch {
    // The browser may refuse the clipboard (no permission, not a secure page): the codes are on screen.
    toast({ title: securityMessages.recoveryCopyFailed, variant: 'destructive' });
  }
}

/**
 * A new set of recovery codes, shown this once (issue 34): the server keeps only their hashes. The
 * panel takes the focus when it appears (so it is seen and read, wherever the action that made the
 * codes was), and stays until the user says the codes are saved.
 */
export function FreshRecoveryCodes({ codes, onSaved }: { codes: readonly string[]; onSaved: () => void }) {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => panel.current?.focus(), []);
  return (
    <section
      ref={panel}
      tabIndex={-1}
      aria-labelledby="fresh-recovery-codes"
      className="rounded-lg border-2 border-brass bg-surface p-5 shadow-sm focus:outline-none"
    >
      <h2 id="fresh-recovery-codes" className="text-lg font-semibold">
        {securityMessages.recoveryTitle}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{securityMessages.recoveryShownOnce}</p>
      <ol aria-label={securityMessages.recoveryTitle} className="mt-4 grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded bg-stone-100 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void copy(codes)}>
          <Copy className="h-4 w-4" aria-hidden />
          {securityMessages.recoveryCopy}
        </Button>
        <Button variant="outline" size="sm" onClick={() => saveFile(recoveryCodesFile(codes), 'recovery-codes.txt')}>
          <Download className="h-4 w-4" aria-hidden />
          {securityMessages.recoveryDownload}
        </Button>
        <Button size="sm" className="sm:ml-auto" onClick={onSaved}>
          {securityMessages.recoverySaved}
        </Button>
      </div>
    </section>
  );
}

/** How many recovery codes are left, and a new set (a dangerous action: it may ask for a factor first). */
export function RecoveryCodesSection({
  remaining,
  hasFactor,
  onNewCodes,
}: {
  remaining: number;
  hasFactor: boolean;
  onNewCodes: (codes: string[]) => void;
}) {
  const renew = useRenewRecoveryCodes();
  const makeNewSet = () =>
    renew.mutate(undefined, {
      onSuccess: ({ recoveryCodes }) => {
        toast({ title: securityMessages.recoveryRenewed });
        onNewCodes(recoveryCodes);
      },
      onError: unlessStepUpCancelled((error) =>
        toast({ title: securityMessages.changeFailedTitle, description: errorMessage(error), variant: 'destructive' }),
      ),
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{securityMessages.recoveryTitle}</CardTitle>
        <CardDescription>{hasFactor ? securityMessages.recoveryRemaining(remaining) : securityMessages.recoveryNone}</CardDescription>
      </CardHeader>
      {hasFactor && (
        <CardContent>
          <Button variant="outline" size="sm" disabled={renew.isPending} onClick={makeNewSet}>
            {securityMessages.recoveryRenew}
          </Button>
        </CardContent>
      )}
    </Card>
  );
}
