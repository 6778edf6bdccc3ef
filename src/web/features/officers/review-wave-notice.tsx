import { ShieldAlert } from 'lucide-react';
import type { OpenWave } from '#core/api';
import { formatDate } from '#core/date';
import { waveMessages } from '#core/messages/waves';

/**
 * The notice over an officer's page while a review wave is being checked (issue 17): when, how many
 * reviews, and that they are not counted. The held reviews stay readable in the list below, marked.
 */
export function ReviewWaveNotice({ wave }: { wave: OpenWave | null }) {
  if (!wave) return null;
  return (
    <div role="note" className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
      <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <p>{waveMessages.notice(formatDate(wave.from), formatDate(wave.to), wave.heldCount)}</p>
    </div>
  );
}
