import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { followApiPaths, type Follow, type FollowBody, type FollowList } from '#core/follows';
import { api } from '#web/lib/api-client';
import { PERSONAL } from './personal';

const followKeys = {
  /** Keyed by user, so another sign-in never sees the previous one's. */
  mine: (userId: number) => ['follows', 'me', userId] as const,
};

/** What the signed-in user follows (GET /api/users/me/follows, issue 36). */
export const myFollowsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: followKeys.mine(userId),
    queryFn: () => api.get<FollowList>(followApiPaths.myFollows),
    ...PERSONAL,
  });

/** Follows an officer or a regiment; the list is asked again. */
export function useFollow(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FollowBody) => api.post<Follow>(followApiPaths.follows, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myFollowsQueryOptions(userId).queryKey }),
  });
}

/** Stops following; the list is asked again. */
export function useUnfollow(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (followId: number) => api.delete<{ id: number }>(followApiPaths.follow(followId)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myFollowsQueryOptions(userId).queryKey }),
  });
}
