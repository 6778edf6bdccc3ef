import type { ReactNode } from 'react';

/** A titled block of the home page; `aside` sits next to the heading (filters, links). */
export function HomeSection({ id, title, aside, children }: { id: string; title: string; aside?: ReactNode; children: ReactNode }) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={headingId} className="text-2xl font-bold text-primary">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
