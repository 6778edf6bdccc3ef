import { Check, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { shareMessages } from '#core/messages/share';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/lib/toast-store';

/** How long the button reads "Link copied" after a copy. */
const COPIED_FOR_MS = 3000;

/**
 * Shares the page (issue 36, item 5): the system share sheet where the browser has one (phones),
 * else the link copied to the clipboard, which the button confirms by reading "Link copied". The
 * link is the page's own address, so what is shared is what the reader sees.
 */
export function ShareButton({ title, className }: { title: string; className?: string }) {
  const [isCopied, setCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);

  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The reader closed the sheet: nothing to do. Any other refusal falls back to the copy.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard (no permission, not a secure page): the address bar still has the link.
      toast({ title: shareMessages.copyFailed, variant: 'destructive' });
    }
  };

  return (
    <Button variant="outline" size="sm" className={className} onClick={() => void share()}>
      {isCopied ? <Check className="h-4 w-4" aria-hidden /> : <Share2 className="h-4 w-4" aria-hidden />}
      {/* Announced when it changes, so a screen reader hears the copy too. */}
      <span aria-live="polite">{isCopied ? shareMessages.linkCopied : shareMessages.share}</span>
    </Button>
  );
}
