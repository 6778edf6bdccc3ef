import { ChevronDown, Menu, Star, UserRound } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useAuth } from '../../api/auth';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';

// The menu and its popover code load only for signed-in users (first-screen budget).
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

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
  cn('rounded px-3 py-2 text-sm font-medium whitespace-nowrap text-stone-200 hover:bg-white/10 hover:text-white', isActive && 'bg-white/10 text-white');

export function Header() {
  const { user, isLoading } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <header className="sticky top-0 z-30 border-b border-black/20 bg-navy text-white shadow">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        {/* The name starts with the visible text (WCAG 2.5.3, label in name): speech users say what they see. */}
        <Link to="/" className="flex shrink-0 items-center gap-2 font-serif text-lg font-bold tracking-wide" aria-label="WoR Officer Ratings, home">
          <Star className="h-6 w-6 fill-brass text-brass" aria-hidden />
          <span className="hidden whitespace-nowrap sm:inline">WoR Officer Ratings</span>
        </Link>
        {/*
          Signed in as an admin the links and the user menu need about 1,000 px on one line, so below
          the lg breakpoint (1024 px) they fold into the menu button instead of wrapping.
        */}
        <nav aria-label="Main" className={cn('flex-1 items-center gap-1 lg:flex', menuOpen ? 'absolute top-16 right-0 left-0 flex flex-col bg-navy p-2 shadow-lg lg:static lg:flex-row lg:p-0 lg:shadow-none' : 'hidden')}>
          <NavLink to="/" end className={navLinkClass} onClick={() => setMenuOpen(false)}>
            Home
          </NavLink>
          <NavLink to="/search" className={navLinkClass} onClick={() => setMenuOpen(false)}>
            Search
          </NavLink>
          {user && (
            <>
              <NavLink to="/register-regiment" className={navLinkClass} onClick={() => setMenuOpen(false)}>
                Register Regiment
              </NavLink>
              {user.officerId === null && (
                <NavLink to="/register-officer" className={navLinkClass} onClick={() => setMenuOpen(false)}>
                  Register as Officer
                </NavLink>
              )}
              {user.isAdmin && (
                <NavLink to="/admin" className={navLinkClass} onClick={() => setMenuOpen(false)}>
                  Admin Dashboard
                </NavLink>
              )}
            </>
          )}
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
            className="lg:hidden"
            aria-label="Menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <Menu className="h-5 w-5" />
          </Button>
        </div>
      </div>
    </header>
  );
}
