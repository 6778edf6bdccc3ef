import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthStatus, RegimentRegistration } from '#core/api';
import { imageFile, stubUploads } from '#web/test/fake-upload';
import { mockApi, renderRoute, reply } from '#web/test/render';
import { HOME_API, findToast, makeMyRegistration, signedIn } from './registration-fixtures';

const registration: RegimentRegistration = {
  id: 1,
  name: '2nd Wisconsin',
  description: null,
  sideId: 1,
  sideName: 'Union',
  bannerImageUrl: null,
  iconImageUrl: null,
  userId: 1,
  status: 'pending',
  createdAt: '2025-03-02T12:00:00.000Z',
  updatedAt: '2025-03-02T12:00:00.000Z',
  notes: null,
  submitterUsername: 'meade',
};

const submitted = {
  success: true,
  message: 'Your regiment registration has been submitted and is awaiting approval.',
  registration,
};

function mockRegistrant(overrides: Record<string, unknown> = {}) {
  return mockApi({ ...HOME_API, '/api/auth/status': signedIn(), 'POST /api/regiments/register': reply(201, submitted), ...overrides });
}

async function findForm() {
  await screen.findByRole('button', { name: 'Submit Registration' });
  return {
    name: screen.getByLabelText('Regiment Name'),
    side: screen.getByRole('combobox', { name: 'Side' }),
    description: screen.getByLabelText('Regiment Description (optional)'),
    banner: screen.getByLabelText('Banner Image (optional)', { selector: 'input' }),
    icon: screen.getByLabelText('Regiment Icon (optional)', { selector: 'input' }),
    submit: screen.getByRole('button', { name: 'Submit Registration' }),
  };
}

const registrationPosts = (api: ReturnType<typeof mockApi>) => api.calls.filter((c) => c.method === 'POST' && c.url === '/api/regiments/register');

describe('/register-regiment', () => {
  it('sends a visitor home with Authentication Required', async () => {
    mockApi(HOME_API);
    const { router } = renderRoute('/register-regiment');

    expect(await findToast('Authentication Required')).toHaveTextContent('You need to login with Steam to register a regiment.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('waits for the auth status before deciding', async () => {
    let answer: ((status: AuthStatus) => void) | undefined;
    mockRegistrant({ '/api/auth/status': () => new Promise<AuthStatus>((resolve) => (answer = resolve)) });
    const { router } = renderRoute('/register-regiment');

    expect(await screen.findByText('Checking your account…')).toBeInTheDocument();
    // The screen says it is checking from its first render; the request may go out a tick later.
    await waitFor(() => expect(answer).toBeDefined());
    answer!(signedIn());
    await findForm();
    expect(router.state.location.pathname).toBe('/register-regiment');
  });

  it('shows the fields, the side list, the size hints and the approval note', async () => {
    mockRegistrant();
    renderRoute('/register-regiment');
    const form = await findForm();

    expect(screen.getByRole('heading', { level: 1, name: 'Register Regiment' })).toBeInTheDocument();
    expect(document.title).toContain('Register Regiment');
    expect(form.side).toHaveAccessibleDescription('Union or Confederate');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Confederate' })).toBeInTheDocument());
    expect(screen.getByRole('option', { name: 'Union' })).toHaveValue('1');
    expect(form.description).toHaveAttribute('rows', '6');
    expect(screen.getByText(/Ideal size: 1200x300 pixels/)).toBeInTheDocument();
    expect(screen.getByText(/Ideal size: 200x200 pixels/)).toBeInTheDocument();
    expect(screen.getByText(/Approval may take up to 48 hours/)).toBeInTheDocument();
  });

  it("validates with the shared schema's messages and sends nothing", async () => {
    const api = mockRegistrant();
    const user = userEvent.setup();
    renderRoute('/register-regiment');
    const form = await findForm();

    await user.click(form.submit);
    expect(await screen.findByText('Regiment name cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('Please select a side')).toBeInTheDocument();
    expect(form.name).toHaveAttribute('aria-invalid', 'true');

    await user.type(form.name, 'x'.repeat(101));
    await user.click(form.description);
    await user.paste('d'.repeat(251));
    await user.click(form.submit);
    expect(await screen.findByText('Regiment name must be 100 characters or less')).toBeInTheDocument();
    expect(screen.getByText('Description must be 250 characters or less')).toBeInTheDocument();
    expect(screen.getByText('251/250')).toBeInTheDocument();

    expect(registrationPosts(api)).toEqual([]);
  });

  it('uploads the images, sends the registration, says so and goes home', async () => {
    const api = mockRegistrant();
    const { requests } = stubUploads((request) => ({
      status: 201,
      body: { success: true, url: `/api/images/${request.kind}-image-00001.webp`, message: 'Image uploaded successfully' },
    }));
    const user = userEvent.setup();
    const { router } = renderRoute('/register-regiment');
    const form = await findForm();

    await user.type(form.name, '  2nd Wisconsin  ');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Union' })).toBeInTheDocument());
    await user.selectOptions(form.side, 'Union');
    await user.type(form.description, 'The Iron Brigade.');
    await user.upload(form.banner, imageFile('banner.png'));
    await screen.findByRole('img', { name: 'Banner Image preview' });
    await user.upload(form.icon, imageFile('icon.png'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit Registration' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Submit Registration' }));

    expect(await findToast('Regiment Registration Submitted')).toBeInTheDocument();
    expect(requests.map((r) => r.kind)).toEqual(['banner', 'icon']);
    expect(registrationPosts(api)).toEqual([
      {
        method: 'POST',
        url: '/api/regiments/register',
        body: {
          name: '2nd Wisconsin',
          description: 'The Iron Brigade.',
          sideId: 1,
          bannerImageUrl: '/api/images/banner-image-00001.webp',
          iconImageUrl: '/api/images/icon-image-00001.webp',
          userId: 1,
        },
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends null for the images and the description when they are left empty', async () => {
    const api = mockRegistrant();
    const user = userEvent.setup();
    renderRoute('/register-regiment');
    const form = await findForm();

    await user.type(form.name, '1st Minnesota');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Union' })).toBeInTheDocument());
    await user.selectOptions(form.side, 'Union');
    await user.click(form.submit);

    await findToast('Regiment Registration Submitted');
    expect(registrationPosts(api)[0]!.body).toEqual({
      name: '1st Minnesota',
      description: null,
      sideId: 1,
      bannerImageUrl: null,
      iconImageUrl: null,
      userId: 1,
    });
  });

  it.each([
    [
      reply(409, { message: 'A regiment with this name already exists.', code: 'CONFLICT' }),
      'Registration Failed',
      'A regiment with this name already exists.',
    ],
    [
      reply(409, {
        message:
          'You already have 3 regiment registrations awaiting approval. Please wait for an administrator to decide on them before submitting another.',
        code: 'CONFLICT',
      }),
      'Registration Failed',
      'You already have 3 regiment registrations awaiting approval. Please wait for an administrator to decide on them before submitting another.',
    ],
    [reply(500, { message: '', code: 'INTERNAL' }), 'Registration Failed', 'Unknown error occurred.'],
    [
      reply(400, { message: 'Invalid side selected. Please select a valid side.', code: 'BAD_REQUEST' }),
      'Form Error',
      'Invalid side selected. Please select a valid side.',
    ],
    [
      reply(401, { message: 'Not signed in', code: 'UNAUTHORIZED' }),
      'Authentication Error',
      'Your user ID could not be determined. Please try logging in again.',
    ],
  ])('shows a failure as a toast and stays on the form (%#)', async (answer, title, description) => {
    mockRegistrant({ 'POST /api/regiments/register': answer });
    const user = userEvent.setup();
    const { router } = renderRoute('/register-regiment');
    const form = await findForm();

    await user.type(form.name, '2nd Wisconsin');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Union' })).toBeInTheDocument());
    await user.selectOptions(form.side, 'Union');
    await user.click(form.submit);

    expect(await findToast(title)).toHaveTextContent(description);
    expect(router.state.location.pathname).toBe('/register-regiment');
    expect(screen.getByRole('button', { name: 'Submit Registration' })).toBeEnabled();
  });

  it("'Apply again' starts from the rejected request and shows the administrator's notes (issue 36)", async () => {
    const rejected = makeMyRegistration({
      id: 8,
      name: 'Iron Brigade',
      status: 'rejected',
      notes: 'Add your drill nights to the description.',
      sideId: 1,
      description: 'Western men.',
    });
    const api = mockRegistrant({ '/api/registrations/mine': { registrations: [rejected] } });
    const user = userEvent.setup();
    renderRoute('/register-regiment?again=8');
    const form = await findForm();

    expect(screen.getByText('Your earlier request was rejected')).toBeInTheDocument();
    expect(screen.getByText('Add your drill nights to the description.')).toBeInTheDocument();
    expect(form.name).toHaveValue('Iron Brigade');
    expect(form.side).toHaveValue('1');
    expect(form.description).toHaveValue('Western men.');

    await user.type(form.description, ' Drill Wednesdays.');
    await user.click(form.submit);
    await findToast('Regiment Registration Submitted');
    expect(registrationPosts(api).map((c) => c.body)).toEqual([
      { name: 'Iron Brigade', sideId: 1, description: 'Western men. Drill Wednesdays.', bannerImageUrl: null, iconImageUrl: null, userId: 1 },
    ]);
  });

  it('starts empty when the request named is not a rejected one of the user', async () => {
    mockRegistrant({ '/api/registrations/mine': { registrations: [makeMyRegistration({ id: 8, status: 'pending', name: 'Iron Brigade' })] } });
    renderRoute('/register-regiment?again=8');
    const form = await findForm();

    expect(form.name).toHaveValue('');
    expect(screen.queryByText('Your earlier request was rejected')).not.toBeInTheDocument();
  });
});
