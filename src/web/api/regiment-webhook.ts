/**
 * A regiment's Discord webhook (issue 19, item 3), for its edit dialog: whether one is set (never
 * the URL, which the server keeps secret), saving a URL, removing it. Owner or admin only.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { manageApiPaths } from '#core/manage-api-paths';
import type { SuccessMessage } from '#core/api';
import type { RegimentWebhookBody, RegimentWebhookStatus } from '#core/schemas/regiment-webhook';
import { api } from '#web/lib/api-client';
import { PERSONAL } from './personal';

const regimentWebhookKeys = {
  of: (regimentId: number) => ['regiment-webhook', regimentId] as const,
};

const regimentWebhookQueryOptions = (regimentId: number) =>
  queryOptions({
    queryKey: regimentWebhookKeys.of(regimentId),
    queryFn: () => api.get<RegimentWebhookStatus>(manageApiPaths.regimentWebhook(regimentId)),
    ...PERSONAL,
  });

export const useRegimentWebhook = (regimentId: number) => useQuery(regimentWebhookQueryOptions(regimentId));

/** Saves (sets, replaces, or turns back on) or removes the webhook; the answer is the new status. */
export function useChangeRegimentWebhook(regimentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegimentWebhookBody | null) =>
      body
        ? api.put<RegimentWebhookStatus>(manageApiPaths.regimentWebhook(regimentId), body)
        : api.delete<RegimentWebhookStatus>(manageApiPaths.regimentWebhook(regimentId)),
    onSuccess: (status) => queryClient.setQueryData(regimentWebhookQueryOptions(regimentId).queryKey, status),
  });
}

/** Sends a test message to the webhook (issue 36, item 6); the answer says it is on its way. */
export function useSendRegimentWebhookTest(regimentId: number) {
  return useMutation({ mutationFn: () => api.post<SuccessMessage>(`${manageApiPaths.regimentWebhook(regimentId)}/test`, {}) });
}
