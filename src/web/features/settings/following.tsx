import { commonMessages } from '#core/messages/common';
import { useQuery } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { Link } from 'react-router';
import type { Follow } from '#core/follows';
import { followMessages as M } from '#core/messages/follows';
import { sessionMessages } from '#core/messages/session';
import { useAuth } from '#web/api/auth';
import { myFollowsQueryOptions, useUnfollow } from '#web/api/follows';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { EmptyState, Spinner } from '#web/components/ui/feedback';
import { LoadFailedAlert } from '#web/components/load-failed-alert';
import { RedirectWithNotice } from '#web/components/redirect-with-notice';
import { errorMessage } from '#web/lib/api-client';
import { toast } from '#web/lib/toast-store';
import { useDocumentTitle } from '#web/lib/use-document-title';

/** /following (issue 36, item 1): the officers and regiments the user follows, each with Unfollow. */
export function FollowingPage() {
  useDocumentTitle(M.pageTitle);
  const { user, isLoading } = useAuth();
  if (isLoading) return <Spinner />;
  if (!user) {
    return (
      <RedirectWithNotice
        redirect={{ to: '/', title: sessionMessages.authenticationRequiredTitle, description: M.loginToSeeFollowing, offersLogin: true }}
      />
    );
  }
  return <FollowingList userId={user.id} />;
}

function FollowingList({ userId }: { userId: number }) {
  const list = useQuery(myFollowsQueryOptions(userId));
  const officers = list.data?.follows.filter((f) => f.target.type === 'officer') ?? [];
  const regiments = list.data?.follows.filter((f) => f.target.type === 'regiment') ?? [];

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="flex items-center gap-3 text-3xl font-bold">
          <BellRing className="h-8 w-8 text-brass-dark" aria-hidden />
          {M.pageTitle}
        </h1>
        <p className="mt-2 text-stone-600">{M.pageIntro}</p>
      </div>
      {list.isError ? (
        <LoadFailedAlert title={M.loadFailed} error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Spinner />
      ) : list.data.follows.length === 0 ? (
        <EmptyState title={M.none} />
      ) : (
        <>
          {officers.length > 0 && <FollowSection heading={commonMessages.officers} follows={officers} userId={userId} />}
          {regiments.length > 0 && <FollowSection heading={M.regimentsHeading} follows={regiments} userId={userId} />}
        </>
      )}
    </div>
  );
}

function FollowSection({ heading, follows, userId }: { heading: string; follows: Follow[]; userId: number }) {
  const unfollow = useUnfollow(userId);
  return (
    <section className="space-y-3">
      <h2 className="font-serif text-xl font-semibold">{heading}</h2>
      <ul aria-label={heading} className="space-y-3">
        {follows.map(({ id, target }) => (
          <li key={id}>
            <Card>
              <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-6">
                <div className="min-w-0">
                  <Link to={`/${target.type}/${target.id}`} className="font-semibold break-words text-link hover:underline">
                    {target.type === 'officer' ? `${target.rank} ${target.name}` : target.name}
                  </Link>
                  {target.type === 'officer' && <p className="text-sm text-stone-600">{target.regimentName}</p>}
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={unfollow.isPending}
                  aria-label={M.unfollowLabel(target.name)}
                  onClick={() =>
                    unfollow.mutate(id, {
                      onError: (error) => toast({ title: M.followFailed, description: errorMessage(error), variant: 'destructive' }),
                    })
                  }
                >
                  {M.unfollow}
                </Button>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
