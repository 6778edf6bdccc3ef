import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#web/components/ui/dialog';

/**
 * The one delete confirmation of the app: a red Delete button that asks first, with the dialog's
 * title and question, Cancel, and the confirm button (showing 'Deleting…' while `isPending`). The
 * caller keeps the open state, to close it once the delete is done.
 */
export function DeleteConfirmDialog({
  isOpen,
  onOpenChange,
  label,
  title,
  description,
  isPending,
  onConfirm,
  confirmLabel = 'Delete',
  emphasis = 'quiet',
  children,
  confirmDisabled = false,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The trigger's content: its visible text and any screen-reader detail. */
  label: ReactNode;
  title: string;
  description: string;
  isPending: boolean;
  onConfirm: () => void;
  /** The confirm button's text, when the action has a name of its own ('Delete Officer'). */
  confirmLabel?: string;
  /** 'quiet', red text among a review's actions; 'strong', a solid red button for deleting a whole officer or regiment. */
  emphasis?: 'quiet' | 'strong';
  /** Fields the confirmation asks for first (a staff removal's ground and facts, issue 33). */
  children?: ReactNode;
  /** True while those fields are not complete. */
  confirmDisabled?: boolean;
}) {
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button
          variant={emphasis === 'strong' ? 'destructive' : 'ghost'}
          size="sm"
          className={emphasis === 'strong' ? undefined : 'text-red-700 hover:bg-red-50'}
        >
          <Trash2 className="h-4 w-4" aria-hidden />
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent title={title} description={description}>
        {children}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" disabled={isPending || confirmDisabled} onClick={onConfirm}>
            {isPending ? 'Deleting…' : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
