import { apiWrite, expect, test } from './fixtures';
import { demoAccounts, uniqueName } from './support';

/**
 * Issue 18, item 1, done when: an officer replies, the reviewer sees it (notification), marks it
 * resolved, a visitor sees reply and badge. The officer is a new account whose officer registration
 * the admin approves; the reviewer is the demo soldier (a linked Steam account), who reviews it.
 */
test('right of reply: the officer replies, the reviewer is told and marks it resolved, a visitor sees both', async ({
  page,
  browser,
  signIn,
  createUser,
  newSignedInContext,
}) => {
  const { admin, user: soldier } = demoAccounts();
  const officerName = uniqueName('Vincent ');
  const officerTitle = `Col. ${officerName}`;

  // Set-up through the API: the officer's account and profile, and the soldier's review of it.
  await signIn(await createUser(uniqueName('Vincent')));
  const [regiment] = (await (await page.request.get('/api/regiments')).json()) as Array<{ id: number }>;
  const { registration } = await apiWrite(page.request, 'POST', '/api/officers/register', {
    name: officerName,
    rank: 'Col.',
    regimentId: regiment!.id,
    profileImageUrl: null,
  });
  const adminContext = await newSignedInContext(admin);
  const { officerId } = await apiWrite(adminContext.request, 'POST', `/api/admin/registrations/officers/${registration.id}/approve`, {
    notes: 'Welcome.',
  });
  await adminContext.close();
  const soldierContext = await newSignedInContext(soldier);
  await apiWrite(soldierContext.request, 'POST', '/api/reviews', {
    officerId,
    text: 'Held the spur of Little Round Top, but the orders came late.',
    leadership: 4,
    tactics: 4,
    communication: 2,
    fairness: 4,
  });

  // The officer replies under the review, with the review form's rules.
  await page.goto(`/officer/${officerId}`);
  const card = page.getByRole('article').filter({ hasText: 'Held the spur of Little Round Top' });
  await card.getByRole('button', { name: 'Reply', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Reply to this review' });
  await dialog.getByLabel('Your reply').fill('Thanks   !');
  await dialog.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(dialog.getByText('Review must contain at least 10 non-space characters')).toBeVisible();
  const replyText = 'Fair point: the couriers were slow. We drill the relay every Sunday now.';
  await dialog.getByLabel('Your reply').fill(replyText);
  await dialog.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(dialog).toBeHidden();
  const response = card.getByRole('region', { name: `Response from ${officerTitle}` });
  await expect(response).toContainText(replyText);
  await expect(card.getByRole('button', { name: 'Edit reply' })).toBeVisible();

  // The reviewer: told in the bell, then on the officer's page marks the exchange resolved.
  const reviewer = await soldierContext.newPage();
  await reviewer.goto('/notifications');
  const told = reviewer.getByRole('list', { name: 'Notifications' }).getByRole('link', { name: `${officerName} replied to your review.` });
  await expect(told).toBeVisible();
  await told.click();
  // Issue 36: the notification opens the officer page on the review itself.
  await expect(reviewer).toHaveURL(new RegExp(`/officer/${officerId}#review-\\d+$`));
  const reviewerCard = reviewer.getByRole('article').filter({ hasText: 'Held the spur of Little Round Top' });
  await expect(reviewerCard.getByRole('region', { name: `Response from ${officerTitle}` })).toContainText(replyText);
  await reviewerCard.getByRole('button', { name: 'Mark resolved' }).click();
  await expect(reviewerCard.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(reviewerCard.getByRole('button', { name: 'Mark unresolved' })).toHaveAttribute('aria-pressed', 'true');
  await soldierContext.close();

  // A visitor: the reply with its date, and the badge.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/officer/${officerId}`);
  const visitorResponse = visitor.getByRole('region', { name: `Response from ${officerTitle}` });
  await expect(visitorResponse).toContainText(replyText);
  await expect(visitorResponse.locator('time').first()).toBeVisible();
  await expect(visitorResponse.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(visitor.getByRole('button', { name: /Reply|Mark resolved/ })).toHaveCount(0);
  await visitorContext.close();
});
