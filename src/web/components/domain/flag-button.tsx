import { Flag } from 'lucide-react';
import { MSG } from '../../../core/messages';
import { Button, type ButtonProps } from '../ui/button';

/** Takes any button props: as a DialogTrigger child it receives the trigger's props and ref. */
export function FlagButton(props: ButtonProps) {
  return (
    <Button variant="ghost" size="sm" className="text-stone-600" {...props}>
      <Flag className="h-4 w-4" aria-hidden />
      {MSG.reviewActions.flag}
    </Button>
  );
}
