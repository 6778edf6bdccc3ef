import type { ReactNode } from 'react';

/** The frame of the sign-in screens: a centred card with the page heading. */
export function AuthCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby="auth-heading" className="mx-auto w-full max-w-md rounded-xl border border-stone-200 bg-surface p-6 shadow-sm sm:p-8">
      <h1 id="auth-heading" className="text-3xl font-bold text-primary">
        {title}
      </h1>
      {description && <p className="mt-2 text-sm text-stone-600">{description}</p>}
      <div className="mt-6">{children}</div>
    </section>
  );
}
