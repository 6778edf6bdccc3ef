import { homeMessages } from '#core/messages/home';
import { useAuth } from '#web/api/auth';
import { Skeleton } from '#web/components/ui/feedback';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { FeaturedRegimentsSection } from './components/featured-regiments-section';
import { FindOfficerForm } from './components/find-officer-form';
import { HomeSection } from './components/home-section';
import { RecentReviewsSection } from './components/recent-reviews-section';
import { TopOfficersSection } from './components/top-officers-section';
import { VisitorHero } from './components/visitor-hero';
import { WelcomeBanner } from './components/welcome-banner';

/** Home (spec section 2): a greeting or a hero, the officer search, and what is rated best and latest. */
export function HomePage() {
  useDocumentTitle();
  const { user, isLoading } = useAuth();

  return (
    <div className="space-y-12">
      {isLoading ? <HeroSkeleton /> : user ? <WelcomeBanner user={user} /> : <VisitorHero />}
      <HomeSection id="find-officer" title={homeMessages.findOfficer}>
        <FindOfficerForm />
      </HomeSection>
      <TopOfficersSection />
      <FeaturedRegimentsSection />
      <RecentReviewsSection />
    </div>
  );
}

/**
 * While the auth status loads: a skeleton as large as the visitor hero at every screen width (the
 * hero laid out but hidden beneath it), so that the sections below do not jump when it appears.
 */
function HeroSkeleton() {
  return (
    <div className="relative" aria-hidden>
      <div className="invisible">
        <VisitorHero />
      </div>
      <Skeleton className="absolute inset-0 rounded-xl" />
    </div>
  );
}
