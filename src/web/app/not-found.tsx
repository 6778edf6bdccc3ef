import { Link } from 'react-router';
import { notFoundMessages } from '#core/messages/not-found';
import { Button } from '#web/components/ui/button';
import { useDocumentTitle } from '#web/lib/use-document-title';

export function NotFoundPage() {
  const t = notFoundMessages;
  // The tab says what the screen says (issue 39, item 3), not the site's name alone.
  useDocumentTitle(t.subheading);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center py-16 text-center">
      <h1 className="font-serif text-7xl font-bold text-primary">{t.heading}</h1>
      <h2 className="mt-4 text-2xl font-semibold">{t.subheading}</h2>
      <p className="mt-3 text-stone-600">{t.text}</p>
      <Button asChild className="mt-8">
        <Link to="/">{t.button}</Link>
      </Button>
    </section>
  );
}

export { NotFoundPage as Component };
