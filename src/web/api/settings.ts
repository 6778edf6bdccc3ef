import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '#core/api-paths';
import type { UserSettings } from '#core/api';
import type { UserSettingsBody } from '#core/schemas/settings';
import { api } from '#web/lib/api-client';
import { reviewKeys } from './reviews';
import { PERSONAL } from './personal';

const settingsKeys = {
  /** Keyed by user, so another sign-in never sees the previous one's. */
  mine: (userId: number) => ['settings', 'me', userId] as const,
};

/** The signed-in user's settings (GET /api/users/me/settings). */
export const mySettingsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: settingsKeys.mine(userId),
    queryFn: () => api.get<UserSettings>(apiPaths.mySettings),
    ...PERSONAL,
  });

/** Saves the settings; the reviews already loaded show the user's level or not, so they are asked again. */
export function useSaveSettings(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: UserSettingsBody) => api.put<UserSettings>(apiPaths.mySettings, settings),
    onSuccess: async (saved) => {
      queryClient.setQueryData(mySettingsQueryOptions(userId).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    },
  });
}
