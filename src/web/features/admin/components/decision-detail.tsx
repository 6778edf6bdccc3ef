import type { ReactNode } from 'react';

/** One labelled fact of the request inside the dialog. */
export function DecisionDetail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 sm:grid-cols-[8rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium text-stone-600">{term}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}
