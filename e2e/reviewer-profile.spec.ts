import type { Officer, ReviewPage } from '#core/api';
import { reviewActionsMessages } from '#core/messages/review-actions.js';
import { reviewCardMessages } from '#core/messages/review-card.js';
import { reviewerProfileMessages } from '#core/messages/reviewer-profile.js';
import { expect, test } from './fixtures';

/**
 * Issue 36, item 3: the reviewer's name on a review opens their profile here, with the reviews they
 * wrote, each linking back to its officer; their Steam profile stays linked beside the name.
 */
test("a visitor opens a reviewer's profile from a review on an officer page", async ({ page, request }) => {
  const top = (await (await request.get('/api/officers/top')).json()) as Officer[];
  const officer = top.find((candidate) => candidate.reviewCount > 0);
  if (!officer) throw new Error('the demo data has no officer with reviews');
  const { reviews } = (await (await request.get(`/api/reviews/officer/${officer.id}?page=1&limit=1`)).json()) as ReviewPage;
  const author = reviews[0]!.user;
  if (author.id === null || author.username === null) throw new Error("the officer's newest review has no author");

  await page.goto(`/officer/${officer.id}`);
  const card = page.getByRole('list', { name: 'Reviews' }).getByRole('article').first();
  if (author.steamId) {
    await expect(card.getByRole('link', { name: author.username, exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: reviewCardMessages.steamProfile(author.username) })).toHaveAttribute(
      'href',
      `https://steamcommunity.com/profiles/${author.steamId}`,
    );
  }
  await card.getByRole('link', { name: author.username, exact: true }).click();

  await expect(page).toHaveURL(`/reviewer/${author.id}`);
  await expect(page.getByRole('heading', { level: 1, name: author.username })).toBeVisible();
  const written = page.getByRole('list', { name: reviewerProfileMessages.reviewsHeading });
  // Each review is read as on the officer's page: its votes and the flag are there too.
  const firstWritten = written.getByRole('article').first();
  await expect(firstWritten.getByRole('group', { name: 'Votes' }).getByRole('button', { name: 'Upvote' })).toBeVisible();
  await expect(firstWritten.getByRole('button', { name: reviewActionsMessages.flag })).toBeVisible();
  const backToOfficer = written.getByRole('link', { name: `${officer.rank} ${officer.name}` });
  await expect(backToOfficer).toBeVisible();
  await backToOfficer.click();
  await expect(page).toHaveURL(`/officer/${officer.id}`);
  await expect(page.getByRole('heading', { level: 1, name: officer.name })).toBeVisible();
});

test('a reviewer who does not exist has no profile: the not-found screen', async ({ page }) => {
  await page.goto('/reviewer/2000000000');
  await expect(page.getByRole('heading', { level: 1, name: reviewerProfileMessages.pageNotFound })).toBeVisible();
});
