import { GitCompareArrows } from 'lucide-react';
import { Link } from 'react-router';
import { comparePath, type CompareKind } from '#core/compare';
import { compareMessages } from '#core/messages/compare';
import { cn } from '#web/lib/cn';

/**
 * 'Compare with…' on an officer's or a regiment's page (issue 36, item 2): opens the comparison with
 * this one in it, where the others are added from a search box. Drawn on the page's coloured header.
 */
export function CompareWithLink({ kind, id, className }: { kind: CompareKind; id: number; className?: string }) {
  return (
    <Link
      to={comparePath(kind, [id])}
      className={cn('inline-flex items-center gap-1.5 text-sm font-medium text-white underline underline-offset-4', className)}
    >
      <GitCompareArrows className="h-4 w-4" aria-hidden />
      {compareMessages.compareWith}
    </Link>
  );
}
