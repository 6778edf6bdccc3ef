import { Badge } from '#web/components/ui/feedback';
import { cn } from '#web/lib/cn';

/** Union blue, Confederate grey. */
export function sideTheme(code: string | undefined) {
  return code === 'CSA'
    ? { badge: 'bg-confederate-dark text-white', header: 'from-confederate-dark to-confederate', accent: 'border-l-confederate' }
    : { badge: 'bg-union-dark text-white', header: 'from-union-dark to-union', accent: 'border-l-union' };
}

export function SideBadge({ name, code, className }: { name: string; code: string; className?: string }) {
  return <Badge className={cn(sideTheme(code).badge, className)}>{name}</Badge>;
}
