import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OfficerRegistration } from '#core/api';
import { imageFile, stubUploads } from '#web/test/fake-upload';
import { mockApi, renderRoute, reply } from '#web/test/render';
import { HOME_API, findToast, makeMyRegistration, signedIn } from './registration-fixtures';

const registration: OfficerRegistration = {
  id: 1,
  name: 'Joshua Chamberlain',
  rank: 'Colonel',
  regimentId: 5,
  regimentName: '20th Maine',
  proofUrl: null,
  profileImageUrl: null,
  userId: 1,
  status: 'pending',
  createdAt: '2025-03-02T12:00:00.000Z',
  updatedAt: '2025-03-02T12:00:00.000Z',
  notes: null,
  submitterUsername: 'meade',
};

const submitted = {
  success: true,
  message: 'Your officer registration has been submitted and is awaiting approval.',
  registration,
};

function mockRegistrant(overrides: Record<string, unknown> = {}) {
  return mockApi({ ...HOME_API, '/api/auth/status': signedIn(), 'POST /api/officers/register': reply(201, submitted), ...overrides });
}

async function findForm() {
  await screen.findByRole('button', { name: 'Submit Registration' });
  const regiment = screen.getByRole('combobox', { name: 'Regiment' });
  await waitFor(() => expect(regiment).toBeEnabled());
  return {
    name: screen.getByLabelText('Officer Name'),
    rank: screen.getByLabelText('Rank'),
    regiment,
    image: screen.getByLabelText('Profile Image (optional)', { selector: 'input' }),
    submit: screen.getByRole('button', { name: 'Submit Registration' }),
  };
}

const registrationPosts = (api: ReturnType<typeof mockApi>) => api.calls.filter((c) => c.method === 'POST' && c.url === '/api/officers/register');

describe('/register-officer', () => {
  it('sends a visitor home with Authentication Required', async () => {
    mockApi(HOME_API);
    const { router } = renderRoute('/register-officer');

    expect(await findToast('Authentication Required')).toHaveTextContent('You need to login with Steam to register as an officer.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('points a user who already has an officer profile to it, without a form', async () => {
    const api = mockRegistrant({ '/api/auth/status': signedIn(12) });
    renderRoute('/register-officer');

    expect(await screen.findByText('You already have an officer profile')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View My Profile' })).toHaveAttribute('href', '/officer/12');
    expect(screen.queryByRole('button', { name: 'Submit Registration' })).not.toBeInTheDocument();
    expect(registrationPosts(api)).toEqual([]);
  });

  it('shows the fields with the rank examples, the regiments by side and the approval note', async () => {
    mockRegistrant();
    renderRoute('/register-officer');
    const form = await findForm();

    expect(screen.getByRole('heading', { level: 1, name: 'Register as Officer' })).toBeInTheDocument();
    expect(form.rank).toHaveAccessibleDescription('For example Col., Gen. or Maj. Gen.');
    // Numbers in names by value (issue 39, item 1): 5th before 20th, not the text order.
    expect(screen.getByRole('group', { name: 'Union' })).toHaveTextContent('5th Wisconsin20th Maine');
    expect(screen.getByRole('group', { name: 'Confederate' })).toHaveTextContent('1st Texas');
    expect(screen.getByText(/Approval may take up to 48 hours/)).toBeInTheDocument();
  });

  it("validates with the shared schema's messages and sends nothing", async () => {
    const api = mockRegistrant();
    const user = userEvent.setup();
    renderRoute('/register-officer');
    const form = await findForm();

    await user.type(form.rank, 'C');
    await user.click(form.submit);
    expect(await screen.findByText('Officer name cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('Rank must be at least 2 characters long')).toBeInTheDocument();
    expect(screen.getByText('Please select a regiment')).toBeInTheDocument();

    await user.type(form.name, 'n'.repeat(61));
    await user.click(form.submit);
    expect(await screen.findByText('Officer name must be 60 characters or less')).toBeInTheDocument();
    expect(registrationPosts(api)).toEqual([]);
  });

  it('uploads the profile image, sends the registration, says so and goes home', async () => {
    const api = mockRegistrant();
    const { requests } = stubUploads();
    const user = userEvent.setup();
    const { router } = renderRoute('/register-officer');
    const form = await findForm();

    await user.type(form.name, 'Winfield Hancock');
    await user.type(form.rank, 'Maj. Gen.');
    await user.selectOptions(form.regiment, '5th Wisconsin');
    await user.upload(form.image, imageFile('me.jpg', 'image/jpeg'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit Registration' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Submit Registration' }));

    expect(await findToast('Officer Registration Submitted')).toBeInTheDocument();
    expect(requests.map((r) => r.kind)).toEqual(['profile']);
    expect(registrationPosts(api).map((c) => c.body)).toEqual([
      { name: 'Winfield Hancock', rank: 'Maj. Gen.', regimentId: 3, profileImageUrl: '/api/images/uploaded-image-1.webp', userId: 1 },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it.each([
    [reply(400, { message: 'Please select a valid regiment.', code: 'BAD_REQUEST' }), 'Form Error', 'Please select a valid regiment.'],
    [
      reply(400, {
        message: 'Rank must be at least 2 characters long',
        code: 'VALIDATION',
        errors: [{ path: 'rank', message: 'Rank must be at least 2 characters long' }],
      }),
      'Form Error',
      'There was an error processing your form. Please check your inputs.',
    ],
    [
      reply(409, { message: 'You already have an officer registration awaiting approval.', code: 'CONFLICT' }),
      'Registration Failed',
      'You already have an officer registration awaiting approval.',
    ],
  ])('shows a failure as a toast and stays on the form (%#)', async (answer, title, description) => {
    mockRegistrant({ 'POST /api/officers/register': answer });
    const user = userEvent.setup();
    const { router } = renderRoute('/register-officer');
    const form = await findForm();

    await user.type(form.name, 'Winfield Hancock');
    await user.type(form.rank, 'Maj. Gen.');
    await user.selectOptions(form.regiment, '5th Wisconsin');
    await user.click(form.submit);

    expect(await findToast(title)).toHaveTextContent(description);
    expect(router.state.location.pathname).toBe('/register-officer');
  });

  it("'Apply again' starts from the rejected request and shows the administrator's notes (issue 36)", async () => {
    const rejected = makeMyRegistration({
      type: 'officer',
      id: 4,
      name: 'Strong Vincent',
      status: 'rejected',
      notes: 'Link your Steam profile as proof.',
      rank: 'Col.',
      regimentId: 5,
    });
    mockRegistrant({ '/api/registrations/mine': { registrations: [rejected] } });
    renderRoute('/register-officer?again=4');
    const form = await findForm();

    expect(screen.getByText('Link your Steam profile as proof.')).toBeInTheDocument();
    expect(form.name).toHaveValue('Strong Vincent');
    expect(form.rank).toHaveValue('Col.');
    await waitFor(() => expect(form.regiment).toHaveValue('5'));
  });
});
