import { Ban } from 'lucide-react';
import { accountMessages } from '#core/messages/account';
import { cn } from '#web/lib/cn';

/**
 * What a banned user sees where the review button or the review form would be: the server refuses
 * their reviews, votes and flags, and they should know before writing, not after.
 */
export function AccountSuspendedNotice({ className }: { className?: string }) {
  return (
    <p className={cn('flex items-center gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800', className)}>
      <Ban className="h-4 w-4 shrink-0" aria-hidden />
      {accountMessages.suspended}
    </p>
  );
}
