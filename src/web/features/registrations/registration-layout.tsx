import { Clock, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { registrationsMessages } from '#core/messages/registrations';

/** The frame of both registration pages: title, a short explanation, the form, and the approval note. */
export function RegistrationLayout({ title, intro, Icon, children }: { title: string; intro: string; Icon: LucideIcon; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <header>
        <h1 className="flex items-center gap-3 text-3xl font-bold text-primary">
          <Icon className="h-8 w-8 text-brass-dark" aria-hidden />
          {title}
        </h1>
        <p className="mt-1 text-stone-600">{intro}</p>
      </header>
      <section aria-label={title} className="rounded-xl border border-stone-200 bg-surface shadow-sm">
        <div className="p-6">{children}</div>
        <footer className="flex items-start gap-2 border-t border-stone-200 bg-parchment px-6 py-4 text-sm text-stone-700">
          <Clock className="mt-0.5 h-4 w-4 shrink-0 text-stone-500" aria-hidden />
          <p>{registrationsMessages.approvalNote}</p>
        </footer>
      </section>
    </div>
  );
}
