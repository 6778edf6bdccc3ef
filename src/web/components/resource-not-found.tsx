import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { notFoundMessages } from '#core/messages/not-found';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { Button } from './ui/button';

/** A record page whose record does not exist (or whose id is malformed): the title and a way home. */
export function ResourceNotFound({ icon: Icon, title }: { icon: LucideIcon; title: string }) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center py-16 text-center">
      <Icon className="h-14 w-14 text-stone-400" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold">{title}</h1>
      <Button asChild className="mt-8">
        <Link to="/">{notFoundMessages.button}</Link>
      </Button>
    </section>
  );
}
