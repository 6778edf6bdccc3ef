import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { adminMessages } from '#core/messages/admin';

/** The title of an admin screen, with the way back to the dashboard (not on the dashboard itself). */
export function AdminPageHeader({ title, description, showBackLink = true }: { title: string; description?: ReactNode; showBackLink?: boolean }) {
  return (
    <header className="space-y-2">
      {showBackLink && (
        <Link to="/admin" className="inline-flex items-center gap-1 text-sm font-medium text-link hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden />
          {adminMessages.backToDashboard}
        </Link>
      )}
      <h1 className="text-3xl font-bold text-primary">{title}</h1>
      {description && <p className="text-stone-600">{description}</p>}
    </header>
  );
}
