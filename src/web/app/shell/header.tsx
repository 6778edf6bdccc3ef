import { ChevronDown, Menu, Star, UserRound } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { homeMessages } from '#core/messages/home';
import { canAdminister, canModerate, canRegisterAsOfficer } from '#core/permissions';
import { useAuth } from '#web/api/auth';
import { Button } from '#web/components/ui/button';
import { cn } from '#web/lib/cn';
import { ThemeSwitcher } from './theme-switcher';

// The menu and its popover code load only for signed-in users (first-screen budget).
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
// Only a banned or suspended user sees it (issue 33): its code stays out of everyone else's first screen.
const RestrictionNotice = lazy(() => import('./restriction-notice'));

/** The user menu's button as it looks before its code has loaded. */
function UserMenuPlaceholder({ username }: { username: string }) {
  return (
    <Button variant="ghostLight" size="sm" disabled>
      <UserRound className="h-4 w-4" aria-hidden />
      <span className="max-w-[10rem] truncate">{username}</span>
      <ChevronDown className="h-4 w-4" aria-hidden />
    </Button>
  );
}

function VisitorButtons() {
  return (
    <>
      <Button asChild variant="ghostLight" size="sm">
        <Link to="/login">LOGIN</Link>
      </Button>
      <Button asChild variant="brass" size="sm">
        <Link to="/register">REGISTER</Link>
      </Button>
    </>
  );
}

// One line each: a label that wrapped made the header two or three lines tall.
const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded px-3 py-2 text-sm font-medium whitespace-nowrap text-white/85 hover:bg-white/10 hover:text-white',
    isActive && 'bg-white/10 text-white',
  );

/**
 * Where the links stop folding into the menu button (static class names, for Tailwind). A visitor
 * has two links, which fit from 768 px. A signed-in admin has five and the user menu (a name of up
 * to 10rem): about 1,090 px on one line, which wrapped onto two or three lines below that; they fold
 * below 1280 px instead.
 */
const NAV_FOLD = {
  visitor: {
    nav: 'md:flex',
    switcher: 'md:ml-auto md:p-0',
    open: 'absolute top-16 right-0 left-0 flex flex-col bg-navy p-2 shadow-lg md:static md:flex-row md:p-0 md:shadow-none',
    button: 'md:hidden',
  },
  signedIn: {
    nav: 'xl:flex',
    switcher: 'xl:ml-auto xl:p-0',
    open: 'absolute top-16 right-0 left-0 flex flex-col bg-navy p-2 shadow-lg xl:static xl:flex-row xl:p-0 xl:shadow-none',
    button: 'xl:hidden',
  },
} as const;

export function Header() {
  const { user, isLoading } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const fold = user ? NAV_FOLD.signedIn : NAV_FOLD.visitor;

  return (
    <>
      <header className="sticky top-0 z-30 border-b border-black/20 bg-navy text-white shadow">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
          {/* The name starts with the visible text (WCAG 2.5.3, label in name): speech users say what they see. */}
          <Link to="/" className="flex shrink-0 items-center gap-2 font-serif text-lg font-bold tracking-wide" aria-label="WoR Officer Ratings, home">
            <Star className="h-6 w-6 fill-brass text-brass" aria-hidden />
            <span className="hidden whitespace-nowrap sm:inline">WoR Officer Ratings</span>
          </Link>
          <nav aria-label="Main" className={cn('flex-1 items-center gap-1', fold.nav, menuOpen ? fold.open : 'hidden')}>
            <NavLink to="/" end className={navLinkClass} onClick={() => setMenuOpen(false)}>
              Home
            </NavLink>
            <NavLink to="/search" className={navLinkClass} onClick={() => setMenuOpen(false)}>
              Search
            </NavLink>
            {user && (
              <>
                <NavLink to="/register-regiment" className={navLinkClass} onClick={() => setMenuOpen(false)}>
                  {homeMessages.registerRegiment}
                </NavLink>
                {canRegisterAsOfficer(user) && (
                  <NavLink to="/register-officer" className={navLinkClass} onClick={() => setMenuOpen(false)}>
                    {homeMessages.registerOfficer}
                  </NavLink>
                )}
                {canModerate(user) && (
                  <NavLink to="/admin" className={navLinkClass} onClick={() => setMenuOpen(false)}>
                    {/* A moderator's /admin is the moderation dashboard (issue 33). */}
                    {canAdminister(user) ? 'Admin Dashboard' : 'Moderation'}
                  </NavLink>
                )}
              </>
            )}
            {/* In the menu with the links on a small screen, where the header has no room for it. */}
            <ThemeSwitcher className={cn('px-3 py-1', fold.switcher)} />
          </nav>
          <div className="ml-auto flex shrink-0 items-center gap-2">
            {isLoading ? (
              // Until the auth status is known, the visitor's buttons hold their place unseen, so the
              // header does not shift (and move the page with it) when they appear.
              <div className="invisible flex items-center gap-2" aria-hidden>
                <VisitorButtons />
              </div>
            ) : user ? (
              <Suspense fallback={<UserMenuPlaceholder username={user.username} />}>
                <UserMenu user={user} />
              </Suspense>
            ) : (
              <VisitorButtons />
            )}
            <Button
              variant="ghostLight"
              size="icon"
              className={fold.button}
              aria-label="Menu"
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <Menu className="h-5 w-5" />
            </Button>
          </div>
        </div>
      </header>
      {/* Below the header, not in it: told on every page, without following the reader down it. */}
      {user?.restriction && (
        <Suspense fallback={null}>
          <RestrictionNotice restriction={user.restriction} />
        </Suspense>
      )}
    </>
  );
}
