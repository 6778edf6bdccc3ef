import type { BrowserContext, Page } from '@playwright/test';
import { apiWrite, expect, test } from './fixtures';
import { countMailsTo, demoAccounts, latestMail, uniqueName } from './support';

const REJECTED_SUBJECT = 'Your regiment registration was rejected';

/** Submits a regiment registration through its screen. */
async function requestRegiment(page: Page, name: string) {
  await page.goto('/register-regiment');
  await page.getByLabel('Regiment Name').fill(name);
  await page.getByLabel('Side').selectOption({ label: 'Union' });
  await page.getByLabel('Regiment Description').fill('Volunteers from the hills; we muster on Sunday evenings.');
  await page.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(page.getByText('Regiment Registration Submitted', { exact: true }).first()).toBeVisible();
}

/** The demo admin rejects the request with notes, in a browser of their own (`adminContext`, signed in). */
async function rejectAsAdmin(adminContext: BrowserContext, regimentName: string, notes: string) {
  const admin = await adminContext.newPage();
  await admin.goto('/admin/regiments');
  const pending = admin.getByRole('table', { name: 'Pending Regiment Registrations' });
  const row = pending.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: regimentName, exact: true }) });
  await row.getByRole('button', { name: `Reject ${regimentName}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Reject Registration' });
  await dialog.getByLabel('Administrator Notes').fill(notes);
  // Issue 33: a rejection names its ground and facts, the requester's statement of reasons.
  await dialog.getByLabel('Ground').selectOption({ label: 'A regiment or officer that does not exist, or is not yours to register' });
  await dialog.getByLabel('Facts').fill('No regiment of that name musters on the servers yet.');
  await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(admin.getByText('Registration Rejected', { exact: true }).first()).toBeVisible();
  await admin.close();
}

/** A registration of another applicant (`applicantContext`), submitted and rejected through the API. */
async function rejectLaterRegistration(applicantContext: BrowserContext, adminContext: BrowserContext) {
  const [side] = (await (await applicantContext.request.get('/api/sides')).json()) as Array<{ id: number }>;
  const { registration } = await apiWrite(applicantContext.request, 'POST', '/api/regiments/register', {
    name: uniqueName('Regiment '),
    sideId: side!.id,
    description: 'Witnesses of the outbox.',
  });
  await apiWrite(adminContext.request, 'POST', `/api/admin/registrations/regiments/${registration.id}/reject`, { notes: 'Not yet.' });
}

test('a registration rejected with notes: My Registrations, the bell and the mail carry the notes; the mail unsubscribes', async ({
  page,
  browser,
  signIn,
  createUser,
  newSignedInContext,
}) => {
  const username = uniqueName('Applicant');
  const applicant = await createUser(username);
  const { email } = applicant;
  await signIn(applicant);
  const adminContext = await newSignedInContext(demoAccounts().admin);
  const regimentName = uniqueName('Regiment ');
  await requestRegiment(page, regimentName);

  const since = Date.now();
  const notes = 'Add your muster nights and a link to your Discord.';
  await rejectAsAdmin(adminContext, regimentName, notes);

  // The bell counts the decision and its statement of reasons (issue 33; the auth status poll brings
  // the count, a reload asks at once).
  await page.reload();
  const bell = page.getByRole('link', { name: 'Notifications, 2 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list).toContainText(`Your regiment registration '${regimentName}' was rejected.`);
  await expect(list).toContainText(`Notes from the administrator: ${notes}`);
  await expect(list).toContainText(`Registration rejected: your registration of the regiment '${regimentName}'`);
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByRole('link', { name: 'Notifications, 0 unread' })).toBeVisible();

  // My Registrations, from the user menu: rejected, with the notes and a way to apply again.
  await page.getByRole('button', { name: username }).click();
  await page.getByRole('menuitem', { name: 'My Registrations' }).click();
  await expect(page).toHaveURL('/my-registrations');
  // Scoped to the page's own list: while the route changes, the notifications list can still be drawn.
  const item = page.getByRole('list', { name: 'My Registrations' }).getByRole('listitem').filter({ hasText: regimentName });
  await expect(item).toContainText('Rejected');
  await expect(item).toContainText(notes);
  // Issue 36: 'Apply again' opens the form filled with the rejected request.
  await expect(item.getByRole('link', { name: 'Apply again' })).toHaveAttribute('href', /^\/register-regiment\?again=\d+$/);

  // The mail, caught by the test's SMTP server, carries the notes and a one-click unsubscribe.
  const mail = await latestMail(email, REJECTED_SUBJECT, { since });
  expect(mail.decoded).toContain(notes);
  const unsubscribe = /^List-Unsubscribe: <([^>]+)>/im.exec(mail.headers)?.[1];
  expect(unsubscribe).toMatch(/\/api\/notifications\/unsubscribe\?token=/);
  expect(mail.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
  expect(mail.decoded).toContain(unsubscribe);

  // The link works without signing in: a fresh browser, asked first, then one click.
  const stranger = await browser.newContext();
  const unsubscribePage = await stranger.newPage();
  await unsubscribePage.goto(unsubscribe!);
  await expect(unsubscribePage.getByText('Stop the mails about: My registration was approved or rejected?')).toBeVisible();
  await unsubscribePage.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(unsubscribePage.getByRole('status')).toContainText(
    'You will no longer receive mails about: My registration was approved or rejected.',
  );
  await stranger.close();

  await page.goto('/settings');
  await expect(page.getByRole('checkbox', { name: 'My registration was approved or rejected' })).not.toBeChecked();

  // The next decision reaches the bell, and no mail of that kind is sent.
  const secondName = uniqueName('Regiment ');
  await requestRegiment(page, secondName);
  const afterUnsubscribe = Date.now();
  await rejectAsAdmin(adminContext, secondName, 'Still no muster nights.');
  await page.goto('/notifications');
  await expect(page.getByRole('list', { name: 'Notifications' })).toContainText(`Your regiment registration '${secondName}' was rejected.`);
  // The outbox delivers its rows one at a time, oldest first (src/server/platform/outbox/worker.ts): once the
  // mail of a later decision has arrived, this decision's row has had its turn.
  const witness = await createUser(uniqueName('Witness'));
  await rejectLaterRegistration(await newSignedInContext(witness), adminContext);
  await latestMail(witness.email, REJECTED_SUBJECT, { since: afterUnsubscribe });
  // Only the rejection's statement of reasons was mailed: it cannot be turned off (issue 33).
  expect(countMailsTo(email, afterUnsubscribe)).toBe(1);
  await latestMail(email, 'A moderator acted on your account: the statement of reasons', { since: afterUnsubscribe });
});
