import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';

/** For visitors: what the site is, and a way in. */
export function VisitorHero() {
  return (
    <section aria-labelledby="hero-heading" className="rounded-xl bg-navy px-6 py-10 text-white shadow sm:px-10 sm:py-14">
      <h1 id="hero-heading" className="max-w-2xl text-3xl font-bold sm:text-5xl">
        Know who you are following into the line
      </h1>
      <p className="mt-4 max-w-2xl text-white/80 sm:text-lg">
        Players of War of Rights rate the officers who lead their regiments on leadership, tactics, communication and fairness. Read what the ranks
        say, then add your own voice.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Button asChild variant="brass" size="lg">
          <Link to="/register">Create an Account</Link>
        </Button>
        <Button asChild variant="outlineLight" size="lg">
          <Link to="/search">Browse Officers</Link>
        </Button>
      </div>
    </section>
  );
}
