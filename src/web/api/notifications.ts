/**
 * The signed-in user's notifications and registrations (issue 18, items 3 and 4). The unread count
 * itself comes with the auth status poll (authStatusQueryOptions): no poller of its own.
 */
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '#core/api-paths';
import { manageApiPaths } from '#core/manage-api-paths';
import type { MarkNotificationsReadBody, MyRegistration, NotificationPage } from '#core/schemas/notifications';
import { api } from '#web/lib/api-client';
import { authStatusQueryOptions } from './auth';
import { PERSONAL } from './personal';

/** Keyed by user, so another sign-in never sees the previous one's list. */
const notificationKeys = {
  ofUser: (userId: number) => ['notifications', userId] as const,
  registrationsOf: (userId: number) => ['registrations', 'mine', userId] as const,
};

export const notificationsQueryOptions = (userId: number) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.ofUser(userId),
    queryFn: ({ pageParam }) => api.get<NotificationPage>(apiPaths.notifications(pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    ...PERSONAL,
  });

/** Marks read; the list and the bell's count (the auth status) are asked again. */
export function useMarkNotificationsRead(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkNotificationsReadBody) => api.post<{ marked: number; unreadCount: number }>(apiPaths.notificationsRead, body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: notificationsQueryOptions(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: authStatusQueryOptions().queryKey }),
      ]);
    },
  });
}

export const myRegistrationsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: notificationKeys.registrationsOf(userId),
    queryFn: async () => (await api.get<{ registrations: MyRegistration[] }>(manageApiPaths.myRegistrations)).registrations,
    ...PERSONAL,
  });
