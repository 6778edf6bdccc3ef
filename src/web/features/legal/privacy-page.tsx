import { Link } from 'react-router';
import { DEFAULT_DELETION_GRACE_DAYS } from '#core/your-data';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { LegalDocument, LegalSection } from './components/legal-document';

/** /privacy-policy (spec section 2, Legal pages). */
function PrivacyPage() {
  useDocumentTitle('Privacy Policy');
  return (
    <LegalDocument
      title="Privacy Policy"
      intro="WoR Officer Ratings is a community site where War of Rights players rate the officers who lead them. This policy explains what we store about you, why, and what you can do about it. We keep it short because we collect little."
    >
      {/* Issue 35: the plain-language summary of the rights the site now serves itself, beside the spec's text. */}
      <LegalSection title="In short: your data, your choices">
        <ul className="space-y-1">
          <li>
            <strong>Download everything</strong> we keep about you, as one file, from{' '}
            <Link to="/settings" className="text-link underline underline-offset-4">
              Settings
            </Link>
            .
          </li>
          <li>
            <strong>Delete your account</strong> from Settings at any time. You have {DEFAULT_DELETION_GRACE_DAYS} days to change your mind; then your
            account and everything that names you are gone. You choose whether your reviews go too, or stay as &lsquo;Anonymous Soldier&rsquo;, linked
            to no one.
          </li>
          <li>
            <strong>We keep little, and not for long:</strong> sign-in sessions end after a period without use, notifications you have read go after a
            year, and content a moderator removed goes once the time to appeal has passed.
          </li>
          <li>Staff accounts also get a browser cookie that lets us warn them, by mail, of a sign-in from a browser they have not used before.</li>
        </ul>
      </LegalSection>

      <LegalSection title="What we collect">
        <ul className="space-y-1">
          <li>
            <strong>Your account:</strong> a username, your email address and your password, which we store only as a one-way hash. We use your email
            to sign you in, to verify your address and to reset your password.
          </li>
          <li>
            <strong>Your Steam ID</strong>, if you link your Steam account. It is needed to write reviews, links your name to your public Steam
            profile, and lets us show your War of Rights statistics and player level.
          </li>
          <li>
            <strong>What you post:</strong> reviews and their ratings, your votes and flags on reviews, and the regiments, officer profiles and images
            you submit.
          </li>
        </ul>
        <p>We do not sell your data, show advertising, or share your email address with anyone.</p>
      </LegalSection>

      <LegalSection title="Reviews are not anonymous">
        <p>
          Every review is tied to the account that wrote it. Your username, and a link to your Steam profile when one is linked, can be shown next to
          it, and administrators can always see which account wrote a review. Write only what you are willing to stand behind.
        </p>
      </LegalSection>

      {/* Issue 36, items 3 and 6: the public reviewer profile, and what the level setting hides there. */}
      <LegalSection title="Your public reviewer profile">
        <p>
          Each reviewer has a public profile page, reached from their name on a review. It shows your username, when you joined, your War of Rights
          player level and number of games (from your Steam statistics), the reviews you wrote with links to them, and the officer you are and your
          regiment if you have an officer profile. If you choose to hide your level in{' '}
          <Link to="/settings" className="text-link underline underline-offset-4">
            Settings
          </Link>
          , it is hidden on your profile page too, not only on your reviews. Banned and deleted accounts have no profile page.
        </p>
      </LegalSection>

      <LegalSection title="Officer profiles are optional">
        <p>
          You never need an officer profile to use the site. If you register as an officer, your profile, ratings and the reviews about you are
          public. You can delete your profile at any time from your profile page; this removes it and the reviews written about it.
        </p>
      </LegalSection>

      <LegalSection title="Cookies">
        <p>
          We set a single session cookie that keeps you signed in and protects forms against cross-site requests. There are no analytics, advertising
          or tracking cookies, and no third-party trackers.
        </p>
      </LegalSection>

      <LegalSection title="How long we keep it">
        <p>
          We keep your account and what you post for as long as your account exists. You can delete your own reviews at any time, and you can ask us
          to delete your account and the data tied to it.
        </p>
      </LegalSection>

      <LegalSection title="Children">
        <p>
          This site is not for anyone under 13, and we do not knowingly collect data from children under 13. If we learn that an account belongs to a
          child under 13, we delete it.
        </p>
      </LegalSection>

      <LegalSection title="Changes and contact">
        <p>
          When this policy changes we update the date at the top. For questions, or to see, correct or delete what we hold about you, contact the site
          administrators. See also our{' '}
          <Link to="/terms-of-service" className="text-link underline underline-offset-4">
            Terms of Service
          </Link>
          .
        </p>
      </LegalSection>
    </LegalDocument>
  );
}

export { PrivacyPage as Component };
