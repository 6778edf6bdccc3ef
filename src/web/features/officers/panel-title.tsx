import type { ReactNode } from 'react';

/** Panels sit under the page's h1, so their titles are h2 (CardTitle renders an h3). */
export function PanelTitle({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <h2 id={id} className="text-lg leading-tight font-semibold">
      {children}
    </h2>
  );
}
