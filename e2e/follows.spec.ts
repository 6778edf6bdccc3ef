import { apiWrite, expect, test } from './fixtures';
import { demoAccounts, uniqueName } from './support';

/**
 * Issue 36, item 1, done when: a reader follows an officer from its page and sees the bell after a
 * new review by another user; /following lists the officer and unfollows it. The officer is new (the
 * admin approves its registration), so the demo soldier has not reviewed it yet.
 */
test('follow an officer, see the bell after a new review by another user, and unfollow on /following', async ({
  page,
  signIn,
  createUser,
  newSignedInContext,
}) => {
  const { admin, user: soldier } = demoAccounts();
  const officerName = uniqueName('Gibbon ');

  const applicantContext = await newSignedInContext(await createUser(uniqueName('Applicant')));
  const [regiment] = (await (await page.request.get('/api/regiments')).json()) as Array<{ id: number }>;
  const { registration } = await apiWrite(applicantContext.request, 'POST', '/api/officers/register', {
    name: officerName,
    rank: 'Col.',
    regimentId: regiment!.id,
    profileImageUrl: null,
  });
  await applicantContext.close();
  const adminContext = await newSignedInContext(admin);
  const { officerId } = await apiWrite(adminContext.request, 'POST', `/api/admin/registrations/officers/${registration.id}/approve`, {
    notes: 'Welcome.',
  });
  await adminContext.close();

  // The follower follows the officer from its page.
  await signIn(await createUser(uniqueName('Follower')));
  await page.goto(`/officer/${officerId}`);
  await page.getByRole('button', { name: `Follow ${officerName}` }).click();
  await expect(page.getByRole('button', { name: `Unfollow ${officerName}` })).toBeVisible();

  // Another user reviews the officer.
  const soldierContext = await newSignedInContext(soldier);
  await apiWrite(soldierContext.request, 'POST', '/api/reviews', {
    officerId,
    text: 'Kept the line together at the cornfield and explained every order.',
    leadership: 5,
    tactics: 4,
    communication: 5,
    fairness: 4,
  });
  await soldierContext.close();

  // The news reaches the bell once the review has settled (seconds in the browser tests): a reload asks at once.
  const bell = page.getByRole('link', { name: 'Notifications, 1 unread' });
  await expect(async () => {
    await page.reload();
    await expect(bell).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await bell.click();
  await expect(page.getByRole('list', { name: 'Notifications' })).toContainText(`reviewed ${officerName}, whom you follow.`);

  // /following lists it, and unfollows it.
  await page.goto('/following');
  const officers = page.getByRole('list', { name: 'Officers' });
  await expect(officers).toContainText(`Col. ${officerName}`);
  await officers.getByRole('button', { name: `Unfollow ${officerName}` }).click();
  await expect(page.getByText('You follow no officer or regiment yet. Follow one from its page.')).toBeVisible();
});
