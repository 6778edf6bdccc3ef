import { Download } from 'lucide-react';
import { yourDataMessages } from '#core/messages/your-data';
import { useDownloadMyData } from '#web/api/your-data';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { errorMessage } from '#web/lib/api-client';
import { toast } from '#web/lib/toast-store';
import { DeleteAccountDialog } from './delete-account-dialog';

/**
 * 'Your data' on /settings (issue 35): the download of everything kept about the user, and the
 * way to leave. Loaded after the rest of the page: few visits use it.
 */
export function YourDataSection() {
  const download = useDownloadMyData();
  return (
    <Card>
      <CardContent className="space-y-4 pt-6">
        <h2 className="font-serif text-xl font-semibold">{yourDataMessages.sectionTitle}</h2>
        <p className="text-sm text-stone-600">{yourDataMessages.exportIntro}</p>
        <Button
          variant="outline"
          disabled={download.isPending}
          onClick={() =>
            download.mutate(undefined, {
              onError: (error) => toast({ title: yourDataMessages.exportFailedTitle, description: errorMessage(error), variant: 'destructive' }),
            })
          }
        >
          <Download className="h-4 w-4" aria-hidden />
          {yourDataMessages.exportButton}
        </Button>
        <div className="border-t border-stone-200 pt-4">
          <DeleteAccountDialog />
        </div>
      </CardContent>
    </Card>
  );
}
