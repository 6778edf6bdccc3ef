import { Link } from 'react-router';
import { GAME_SITE_URL, GAME_STORE_URL } from '#core/constants';

const linkClass = 'text-white/80 hover:text-white hover:underline';

export function Footer() {
  return (
    <footer className="mt-16 border-t border-black/20 bg-navy text-sm text-white/80">
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="font-serif text-base font-semibold text-white">WoR Officer Ratings</p>
          <p className="mt-2">Honest ratings of the officers who lead War of Rights regiments, by the players who follow them.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="space-y-2">
            <li>
              <Link className={linkClass} to="/">
                Home
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/search">
                Find Officers
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/search?showRegiments=true">
                Regiments
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/my-reviews">
                My Reviews
              </Link>
            </li>
          </ul>
        </nav>
        <ul className="space-y-2">
          <li>
            <a className={linkClass} href={GAME_SITE_URL} target="_blank" rel="noopener noreferrer">
              War of Rights website
            </a>
          </li>
          <li>
            <a className={linkClass} href={GAME_STORE_URL} target="_blank" rel="noopener noreferrer">
              War of Rights on Steam
            </a>
          </li>
          <li>
            <Link className={linkClass} to="/privacy-policy">
              Privacy Policy
            </Link>
          </li>
          <li>
            <Link className={linkClass} to="/terms-of-service">
              Terms of Service
            </Link>
          </li>
          <li>
            <Link className={linkClass} to="/moderation">
              Moderation log
            </Link>
          </li>
        </ul>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-white/65">
          This site is not affiliated with War of Rights or its developer, Campfire Games. Reviews are the personal opinions of their authors.
        </p>
      </div>
    </footer>
  );
}
