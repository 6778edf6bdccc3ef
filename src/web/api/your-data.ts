/**
 * Your data and your account (issue 35): the download of everything the site keeps about the user,
 * the request to delete the account, and taking it back during the grace period. Only the settings'
 * 'Your data' section and its pending-deletion panel, both loaded on demand, use these.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletionRequest } from '#core/schemas/your-data';
import { yourDataApiPaths } from '#core/your-data';
import { ApiError, api } from '#web/lib/api-client';
import { saveFile } from '#web/lib/save-file';
import { toast } from '#web/lib/toast-store';
import { useAfterSignOut } from './session';

export type { DeletionRequest, ReviewsOnDeletion } from '#core/schemas/your-data';

/** The 202 answer: when the account goes, in the server's words too. */
export interface DeletionScheduled {
  deleteAfter: string;
  message: string;
}

/** The name the server gives the file (Content-Disposition: attachment; filename="..."), or a plain one. */
export function attachmentFilename(contentDisposition: string | null): string {
  return /filename="([^"]+)"/.exec(contentDisposition ?? '')?.[1] ?? 'war-of-rights-ratings.json';
}

/**
 * GET /api/users/me/export, saved as a file. A fetch rather than a plain link, so a refusal (429
 * after too many downloads, a session that ended) can be told in a toast instead of a page of JSON.
 */
async function downloadMyData(): Promise<void> {
  const response = await fetch(yourDataApiPaths.export, { credentials: 'include', headers: { Accept: 'application/json' } });
  // The API client's error shape, built here: the client keeps its own builder private, as part of
  // the first screen's JavaScript, which has no bytes to spare for another export.
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  saveFile(await response.blob(), attachmentFilename(response.headers.get('Content-Disposition')));
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}

/**
 * Asks for the deletion. On success the server has signed the account out everywhere, this
 * browser's cookie too: `leave`, then the visitor's view, as after a logout (useAfterSignOut).
 */
export function useRequestDeletion({ leave }: { leave: (answer: DeletionScheduled) => Promise<void> | void }) {
  const afterSignOut = useAfterSignOut({ leave });
  return useMutation({
    mutationFn: (request: DeletionRequest) => api.post<DeletionScheduled>(yourDataApiPaths.deletion, request),
    onSuccess: afterSignOut,
  });
}

/**
 * Takes the deletion back. The account is whole again: its status (now without deleteAfter) and
 * everything it was refused while it waited are asked again. The toast comes first, from here: the
 * panel that asked is gone once the new status arrives, and with it any callback given to mutate().
 */
export function useCancelDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ message: string }>(yourDataApiPaths.deletion),
    onSuccess: async ({ message }) => {
      toast({ title: message });
      await queryClient.invalidateQueries();
    },
  });
}
