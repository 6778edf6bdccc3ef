import { MSG } from '../../../core/messages';
import { useAuth } from '../../api/auth';
import { Skeleton } from '../../components/ui/feedback';
import { useDocumentTitle } from '../../lib/use-document-title';
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
      {isLoading ? <Skeleton className="h-44 rounded-xl" /> : user ? <WelcomeBanner user={user} /> : <VisitorHero />}
      <HomeSection id="find-officer" title={MSG.home.findOfficer}>
        <FindOfficerForm />
      </HomeSection>
      <TopOfficersSection />
      <FeaturedRegimentsSection />
      <RecentReviewsSection />
    </div>
  );
}

export { HomePage as Component };
