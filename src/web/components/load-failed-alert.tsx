import { errorMessage } from '#web/lib/api-client';
import { Button } from './ui/button';
import { Alert } from './ui/feedback';

/** A load that failed with nothing to show instead: what failed, why, and a retry. */
export function LoadFailedAlert({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert variant="destructive" title={title}>
      <p>{errorMessage(error)}</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
