/**
 * Every message the server sends and the web app shows or matches, written once and grouped by area
 * (messages.test.ts fails when a text appears twice). The spec's wording is the contract: change a
 * text the spec quotes only when the spec changes. Each area is a module of its own in messages/, so
 * the web bundles with each screen only the texts it shows (a module goes whole into one chunk); this
 * one gathers them for the server. Import the area's constant; never copy its text.
 */
import { anonymousSoldier, commonMessages } from './messages/common.js';
import { notFoundMessages } from './messages/not-found.js';
import { homeMessages } from './messages/home.js';
import { officerMessages } from './messages/officer.js';
import { ratingMessages } from './messages/rating.js';
import { regimentMessages } from './messages/regiment.js';
import { regimentFactsMessages } from './messages/regiment-facts.js';
import { shareMessages } from './messages/share.js';
import { searchMessages } from './messages/search.js';
import { searchPageMessages } from './messages/search-page.js';
import { validationMessages } from './messages/validation.js';
import { authMessages } from './messages/auth.js';
import { sessionMessages } from './messages/session.js';
import { verifyEmailMessages } from './messages/verify-email.js';
import { forgotPasswordMessages } from './messages/forgot-password.js';
import { resetPasswordMessages } from './messages/reset-password.js';
import { identityMessages } from './messages/identity.js';
import { csrfMessages } from './messages/csrf.js';
import { serverMessages } from './messages/server.js';
import { reviewActionsMessages } from './messages/review-actions.js';
import { steamMessages } from './messages/steam.js';
import { steamLinkErrorsMessages } from './messages/steam-link-errors.js';
import { accountMessages } from './messages/account.js';
import { reviewsMessages } from './messages/reviews.js';
import { reviewFormMessages } from './messages/review-form.js';
import { registrationFormMessages } from './messages/registration-form.js';
import { registrationsMessages } from './messages/registrations.js';
import { manageMessages } from './messages/manage.js';
import { uploadsMessages } from './messages/uploads.js';
import { shellMessages } from './messages/shell.js';
import { adminMessages } from './messages/admin.js';
import { waveMessages } from './messages/waves.js';
import { reviewCardMessages } from './messages/review-card.js';
import { reviewHistoryMessages } from './messages/review-history.js';
import { reviewReplyMessages } from './messages/review-reply.js';
import { reviewerSignalsMessages } from './messages/reviewer-signals.js';
import { reviewerProfileMessages } from './messages/reviewer-profile.js';
import { settingsMessages } from './messages/settings.js';
import { themeMessages } from './messages/theme.js';
import { linkPreviewMessages } from './messages/link-preview.js';
import { notificationsMessages } from './messages/notifications.js';
import { webhookMessages } from './messages/webhooks.js';
import { staffMessages } from './messages/staff.js';
import { moderationMessages } from './messages/moderation.js';
import { securityMessages } from './messages/security.js';
import { yourDataMessages } from './messages/your-data.js';
import { followMessages } from './messages/follows.js';
import { compareMessages } from './messages/compare.js';

/** Every area, for the server and messages.test.ts. */
export const MSG = {
  anonymousSoldier,
  common: commonMessages,
  notFound: notFoundMessages,
  home: homeMessages,
  officer: officerMessages,
  rating: ratingMessages,
  regiment: regimentMessages,
  regimentFacts: regimentFactsMessages,
  share: shareMessages,
  search: searchMessages,
  searchPage: searchPageMessages,
  validation: validationMessages,
  auth: authMessages,
  session: sessionMessages,
  verifyEmail: verifyEmailMessages,
  forgotPassword: forgotPasswordMessages,
  resetPassword: resetPasswordMessages,
  identity: identityMessages,
  csrf: csrfMessages,
  server: serverMessages,
  reviewActions: reviewActionsMessages,
  steam: steamMessages,
  steamLinkErrors: steamLinkErrorsMessages,
  account: accountMessages,
  reviews: reviewsMessages,
  reviewForm: reviewFormMessages,
  registrationForm: registrationFormMessages,
  registrations: registrationsMessages,
  manage: manageMessages,
  uploads: uploadsMessages,
  shell: shellMessages,
  admin: adminMessages,
  waves: waveMessages,
  settings: settingsMessages,
  notifications: notificationsMessages,
  webhooks: webhookMessages,
  reviewerSignals: reviewerSignalsMessages,
  reviewerProfile: reviewerProfileMessages,
  reviewCard: reviewCardMessages,
  reviewHistory: reviewHistoryMessages,
  theme: themeMessages,
  linkPreview: linkPreviewMessages,
  reviewReply: reviewReplyMessages,
  staff: staffMessages,
  moderation: moderationMessages,
  security: securityMessages,
  yourData: yourDataMessages,
  follows: followMessages,
  compare: compareMessages,
} as const;
