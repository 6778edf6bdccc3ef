/**
 * The header's bell (issue 18, item 4): a link to /notifications with the unread count. The count
 * comes with the auth status poll; the bell is drawn by the signed-in user's menu chunk, so it adds
 * nothing to a visitor's first screen (decision 0012's budget).
 */
import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { notificationsMessages } from '#core/messages/notifications';
import { authStatusQueryOptions } from '#web/api/auth';

export function NotificationBell() {
  const { data } = useQuery(authStatusQueryOptions());
  const count = data?.unreadNotifications ?? 0;
  return (
    <Link
      to="/notifications"
      aria-label={notificationsMessages.bellLabel(count)}
      className="relative inline-flex h-9 w-9 items-center justify-center rounded text-white hover:bg-white/10"
    >
      <Bell className="h-5 w-5" aria-hidden />
      {count > 0 && (
        <span
          aria-hidden
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-brass px-1 text-center text-xs leading-5 font-bold text-navy"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
