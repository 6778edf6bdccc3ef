import { Flag, Medal, UserRound, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { AuthUser } from '#core/api';
import { homeMessages } from '#core/messages/home';
import { canRegisterAsOfficer } from '#core/permissions';

interface ShortcutCard {
  to: string;
  title: string;
  text: string;
  Icon: LucideIcon;
}

/** Signed in: 'Welcome back, {username}' and shortcuts to the user's own pages (spec section 2, Home). */
export function WelcomeBanner({ user }: { user: AuthUser }) {
  const cards: ShortcutCard[] = [
    { to: '/my-reviews', title: homeMessages.yourAccount, text: 'See and manage the reviews you have written.', Icon: UserRound },
    { to: '/register-regiment', title: homeMessages.registerRegiment, text: 'Add your regiment so its officers can be rated.', Icon: Flag },
  ];
  if (canRegisterAsOfficer(user)) {
    cards.push({
      to: '/register-officer',
      title: homeMessages.registerOfficer,
      text: 'Create an officer profile and hear from those you lead.',
      Icon: Medal,
    });
  }

  return (
    <section aria-labelledby="welcome-heading" className="rounded-xl bg-navy p-6 text-white shadow sm:p-8">
      <h1 id="welcome-heading" className="text-3xl font-bold sm:text-4xl">
        {homeMessages.welcomeBack(user.username)}
      </h1>
      <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map(({ to, title, text, Icon }) => (
          <li key={to}>
            <Link to={to} className="flex h-full gap-3 rounded-lg border border-white/15 bg-white/5 p-4 transition-colors hover:bg-white/15">
              <Icon className="mt-0.5 h-6 w-6 shrink-0 text-brass" aria-hidden />
              <div>
                <h2 className="font-sans text-base font-semibold">{title}</h2>
                <p className="mt-1 text-sm text-white/80">{text}</p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
