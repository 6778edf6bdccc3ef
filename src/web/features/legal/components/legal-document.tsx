import type { ReactNode } from 'react';
import { LEGAL_LAST_UPDATED } from '#core/constants';

/** The frame of a legal page: its title, the date it was last changed, and readable prose. */
export function LegalDocument({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl rounded-xl border border-stone-200 bg-surface p-6 shadow-sm sm:p-10">
      <header className="border-b border-stone-200 pb-6">
        <h1 className="text-3xl font-bold text-primary sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-stone-500">Last updated: {LEGAL_LAST_UPDATED}</p>
        <p className="mt-4 text-stone-700">{intro}</p>
      </header>
      <div className="mt-6 space-y-8">{children}</div>
    </article>
  );
}

/** One numbered-by-order section of a legal page. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 text-stone-700 [&_li]:ml-5 [&_li]:list-disc [&_strong]:text-ink">
      <h2 className="text-xl font-semibold text-ink">{title}</h2>
      {children}
    </section>
  );
}
