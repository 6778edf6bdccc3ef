import { Suspense, lazy, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Spinner } from '#web/components/ui/feedback';
import { useToasts } from '#web/lib/toast-store';
import { Footer } from './footer';
import { Header } from './header';

// Radix Toast loads with the first toast, not with the first screen.
const Toaster = lazy(() => import('#web/components/ui/toaster').then((m) => ({ default: m.Toaster })));

function ToastArea() {
  const hasToasts = useToasts().length > 0;
  // Once loaded, the toaster stays mounted (its exit animations need it): remembered as state.
  const [isMounted, setMounted] = useState(false);
  if (hasToasts && !isMounted) setMounted(true);
  return isMounted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

export function Layout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-surface focus:p-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ToastArea />
      {/* Restores a remembered position on back/forward only; a fresh load has its own entry key (main.tsx, history-entry-key.ts). */}
      <ScrollRestoration />
    </div>
  );
}

/** The frame with a spinner, while the first screen's code is loading. */
export function LayoutFallback() {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="h-16 bg-navy" />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <Spinner />
      </main>
    </div>
  );
}
