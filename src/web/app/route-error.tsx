import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '#web/components/ui/button';
import { notFoundMessages } from '#core/messages/not-found';
import { NotFoundPage } from './not-found';

/** Shown when a screen fails to load or throws: a way back instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <h1 className="font-serif text-3xl font-bold">Something went wrong</h1>
      <p className="mt-3 text-stone-600">This page could not be shown. Reload the page or try again in a moment.</p>
      <Button asChild className="mt-8">
        <Link to="/">{notFoundMessages.button}</Link>
      </Button>
    </section>
  );
}
