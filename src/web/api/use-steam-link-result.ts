import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { steamMessages } from '#core/messages/steam';
import { authStatusQueryOptions } from './auth';
import { readSteamLinkResult, withoutSteamLinkParams } from '#web/lib/steam-link-result';
import { toast } from '#web/lib/toast-store';

/**
 * On a page the Steam link callback returns to (/my-stats, /officer/{id}): tells the user how the
 * link went, refreshes the auth status after a success (it now carries the steamId), and takes the
 * parameters out of the URL (replace, so Back does not bring them back).
 */
export function useSteamLinkResult(): void {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  // StrictMode runs effects twice; one return from Steam is one toast.
  const handled = useRef<string | null>(null);
  const search = params.toString();

  useEffect(() => {
    const current = new URLSearchParams(search);
    const result = readSteamLinkResult(current);
    if (!result || handled.current === search) return;
    handled.current = search;
    if (result.kind === 'linked') {
      toast({ title: steamMessages.linkedTitle, description: steamMessages.linked });
      void queryClient.invalidateQueries({ queryKey: authStatusQueryOptions().queryKey });
    } else {
      toast({ title: steamMessages.linkFailedTitle, description: result.message, variant: 'destructive' });
    }
    setParams(withoutSteamLinkParams(current), { replace: true, preventScrollReset: true });
  }, [search, setParams, queryClient]);
}
