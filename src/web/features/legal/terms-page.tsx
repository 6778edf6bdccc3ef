import { Link } from 'react-router';
import { LIMITS, RATING_CATEGORIES, RATING_CATEGORY_LABELS } from '#core/constants';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { LegalDocument, LegalSection } from './components/legal-document';

const categoryList = RATING_CATEGORIES.map((c) => RATING_CATEGORY_LABELS[c].toLowerCase())
  .join(', ')
  .replace(/, ([^,]*)$/, ' and $1');

/** /terms-of-service (spec section 2, Legal pages). */
function TermsPage() {
  useDocumentTitle('Terms of Service');
  return (
    <LegalDocument
      title="Terms of Service"
      intro="By using WoR Officer Ratings you agree to these terms. They exist to keep the ratings honest and the community civil."
    >
      <LegalSection title="The service">
        <p>
          This is a fan-run community site. It is not affiliated with, endorsed by or connected to War of Rights or its developer, Campfire Games.
          Reviews are the personal opinions of their authors, not statements of the site.
        </p>
      </LegalSection>

      <LegalSection title="Your account">
        <p>
          You must be at least 13 years old to use the site. Keep your password to yourself and your details accurate; you are responsible for what is
          posted from your account. Writing reviews requires a linked Steam account.
        </p>
      </LegalSection>

      <LegalSection title="Ratings and reviews">
        <ul className="space-y-1">
          <li>An officer is rated in four categories: {categoryList}.</li>
          <li>Each category is rated from 1 to 5 stars; the overall rating is the average of the four.</li>
          <li>
            You may write one review per officer, between {LIMITS.reviewTextMinNonSpace} and {LIMITS.reviewTextMax} characters, and edit or delete it
            later.
          </li>
          <li>Rate what you saw in game: how the officer led, not who they are outside it.</li>
        </ul>
      </LegalSection>

      <LegalSection title="Moderation">
        <p>
          Reviews are moderated one by one. Any signed-in user can flag a review with a reason; a moderator or administrator then looks at that review
          and either keeps it or removes it. Flagged reviews may be removed, and staff may remove any review that breaks these terms. Regiment and
          officer registrations are checked by an administrator before they appear.
        </p>
        <p>
          Whoever is affected by a removal, a suspension, a ban or a rejected registration is told the ground and the facts, and may appeal once
          within 30 days; someone other than the staff member who acted decides. Every action is listed, without names, in the{' '}
          <Link to="/moderation" className="text-link underline underline-offset-4">
            public moderation log
          </Link>
          .
        </p>
      </LegalSection>

      <LegalSection title="Conduct">
        <p>Do not post or do any of the following:</p>
        <ul className="space-y-1">
          <li>harassment, threats, slurs or hate speech;</li>
          <li>personal information about anyone, such as real names, addresses or contact details;</li>
          <li>reviews of yourself, reviews from several accounts, or coordinated campaigns to raise or sink a rating;</li>
          <li>impersonating another player, officer or regiment;</li>
          <li>spam, advertising, or images you have no right to share.</li>
        </ul>
        <p>We may remove content and suspend or ban accounts that break these rules. Banned users cannot submit reviews.</p>
      </LegalSection>

      <LegalSection title="No warranty">
        <p>
          The site is provided as it is, without guarantees of availability or accuracy. Ratings reflect what players wrote and may be wrong or out of
          date.
        </p>
      </LegalSection>

      <LegalSection title="Changes">
        <p>
          When these terms change we update the date at the top; using the site after that means you accept the new terms. How we handle your data is
          described in our{' '}
          <Link to="/privacy-policy" className="text-link underline underline-offset-4">
            Privacy Policy
          </Link>
          .
        </p>
      </LegalSection>
    </LegalDocument>
  );
}

export { TermsPage as Component };
