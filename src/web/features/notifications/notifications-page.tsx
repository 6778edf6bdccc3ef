import { useInfiniteQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { sessionMessages } from '#core/messages/session';
import { notificationsMessages as M } from '#core/messages/notifications';
import { formatDate } from '#core/date';
import type { Notification } from '#core/schemas/notifications';
import { useAuth } from '#web/api/auth';
import { notificationsQueryOptions, useMarkNotificationsRead } from '#web/api/notifications';
import { Button } from '#web/components/ui/button';
import { Badge, EmptyState, Spinner } from '#web/components/ui/feedback';
import { LoadFailedAlert } from '#web/components/load-failed-alert';
import { RedirectWithNotice } from '#web/components/redirect-with-notice';
import { errorMessage } from '#web/lib/api-client';
import { cn } from '#web/lib/cn';
import { toast } from '#web/lib/toast-store';
import { useDocumentTitle } from '#web/lib/use-document-title';

/** /notifications (issue 18, item 4): what became of the user's submissions and profile, newest first. */
function NotificationsPage() {
  useDocumentTitle(M.title);
  const { user, isLoading } = useAuth();
  if (isLoading) return <Spinner />;
  if (!user) {
    return (
      <RedirectWithNotice
        redirect={{ to: '/', title: sessionMessages.authenticationRequiredTitle, description: M.loginToSeeNotifications, offersLogin: true }}
      />
    );
  }
  return <NotificationList userId={user.id} />;
}

function NotificationList({ userId }: { userId: number }) {
  const list = useInfiniteQuery(notificationsQueryOptions(userId));
  const markRead = useMarkNotificationsRead(userId);
  const onMarkFailed = (error: unknown) => toast({ title: M.markReadFailed, description: errorMessage(error), variant: 'destructive' });
  const notifications = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const unreadCount = list.data?.pages[0]?.unreadCount ?? 0;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="flex items-center gap-3 text-3xl font-bold">
          <Bell className="h-8 w-8 text-brass-dark" aria-hidden />
          {M.title}
        </h1>
        {unreadCount > 0 && (
          <Button variant="outline" size="sm" disabled={markRead.isPending} onClick={() => markRead.mutate({ all: true }, { onError: onMarkFailed })}>
            {M.markAllRead}
          </Button>
        )}
      </div>
      {list.isError ? (
        <LoadFailedAlert title={M.loadFailed} error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Spinner />
      ) : notifications.length === 0 ? (
        <EmptyState title={M.empty} />
      ) : (
        <>
          <ul aria-label={M.title} className="space-y-3">
            {notifications.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                onRead={() => markRead.mutate({ ids: [notification.id] }, { onError: onMarkFailed })}
              />
            ))}
          </ul>
          {list.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="outline" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {M.loadMore}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function NotificationItem({ notification, onRead }: { notification: Notification; onRead: () => void }) {
  const isUnread = notification.readAt === null;
  return (
    <li className={cn('rounded-lg border bg-surface p-4 shadow-sm', isUnread ? 'border-brass' : 'border-stone-200')}>
      <div className="flex items-start justify-between gap-3">
        <div className="space-y-1">
          <p className={cn(isUnread && 'font-semibold')}>
            {isUnread && <Badge className="mr-2 bg-brass/20 text-ink">{M.unread}</Badge>}
            <Link to={notification.link} onClick={isUnread ? onRead : undefined} className="underline-offset-2 hover:underline">
              {notification.message}
            </Link>
          </p>
          {notification.detail && <p className="text-sm whitespace-pre-line text-stone-700">{notification.detail}</p>}
          <p className="text-xs text-stone-500">{formatDate(notification.createdAt)}</p>
        </div>
        {isUnread && (
          <Button variant="ghost" size="sm" onClick={onRead}>
            {M.markRead}
          </Button>
        )}
      </div>
    </li>
  );
}

export { NotificationsPage as Component };
