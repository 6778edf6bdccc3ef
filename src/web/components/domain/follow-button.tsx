import { useQuery } from '@tanstack/react-query';
import { Bell, BellOff } from 'lucide-react';
import { followMessages as M } from '#core/messages/follows';
import { myFollowsQueryOptions, useFollow, useUnfollow } from '#web/api/follows';
import { Button } from '#web/components/ui/button';
import { errorMessage } from '#web/lib/api-client';
import { toast } from '#web/lib/toast-store';

export interface FollowTarget {
  type: 'officer' | 'regiment';
  id: number;
  name: string;
}

/**
 * Follow or Unfollow on an officer's or a regiment's page (issue 36, item 1), for a signed-in user:
 * whether they follow it is read from their list of follows, which /following shows too. Loaded
 * with the page's signed-in parts only (a visitor's page has no button and no request).
 */
export function FollowButton({ target, userId }: { target: FollowTarget; userId: number }) {
  const { data } = useQuery(myFollowsQueryOptions(userId));
  const follow = useFollow(userId);
  const unfollow = useUnfollow(userId);
  const existing = data?.follows.find((f) => f.target.type === target.type && f.target.id === target.id) ?? null;
  const isBusy = !data || follow.isPending || unfollow.isPending;
  const onError = (error: unknown) => toast({ title: M.followFailed, description: errorMessage(error), variant: 'destructive' });

  if (existing) {
    return (
      <Button
        variant="outlineLight"
        size="sm"
        disabled={isBusy}
        aria-label={M.unfollowLabel(target.name)}
        onClick={() => unfollow.mutate(existing.id, { onError })}
      >
        <BellOff className="h-4 w-4" aria-hidden />
        {M.unfollow}
      </Button>
    );
  }
  return (
    <Button
      variant="outlineLight"
      size="sm"
      disabled={isBusy}
      aria-label={M.followLabel(target.name)}
      title={M.followHint}
      onClick={() => follow.mutate(target.type === 'officer' ? { officerId: target.id } : { regimentId: target.id }, { onError })}
    >
      <Bell className="h-4 w-4" aria-hidden />
      {M.follow}
    </Button>
  );
}
