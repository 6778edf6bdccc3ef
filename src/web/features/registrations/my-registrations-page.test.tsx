import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notificationsMessages as M } from '#core/messages/notifications';
import { signedInStatus } from '#web/test/fixtures';
import { mockApi, renderRoute } from '#web/test/render';
import { makeMyRegistration } from './registration-fixtures';

const makeRegistration = makeMyRegistration;

describe('/my-registrations', () => {
  it('shows each request with its status: pending, approved with a link, rejected with the notes and a way to apply again', async () => {
    mockApi({
      '/api/auth/status': signedInStatus(),
      '/api/registrations/mine': {
        registrations: [
          makeRegistration({ id: 3, name: 'Iron Brigade' }),
          makeRegistration({ id: 2, type: 'officer', name: 'Strong Vincent', status: 'approved', linkId: 41, updatedAt: '2026-11-03T10:00:00.000Z' }),
          makeRegistration({ id: 1, status: 'rejected', notes: 'Add your drill nights.', updatedAt: '2026-11-02T10:00:00.000Z' }),
        ],
      },
    });
    renderRoute('/my-registrations');

    expect(await screen.findByRole('heading', { level: 1, name: M.myRegistrations })).toBeInTheDocument();
    const [pending, approved, rejected] = within(await screen.findByRole('list', { name: M.myRegistrations })).getAllByRole('listitem');

    expect(pending).toHaveTextContent('Iron Brigade');
    expect(pending).toHaveTextContent('Pending');
    expect(pending).toHaveTextContent('Submitted November 1, 2026');
    expect(within(pending!).queryByRole('link')).not.toBeInTheDocument();

    expect(approved).toHaveTextContent('Approved');
    expect(within(approved!).getByRole('link', { name: M.viewOfficer })).toHaveAttribute('href', '/officer/41');

    expect(rejected).toHaveTextContent('Rejected');
    expect(rejected).toHaveTextContent('Decided November 2, 2026');
    expect(rejected).toHaveTextContent("Administrator's notes");
    expect(rejected).toHaveTextContent('Add your drill nights.');
    expect(within(rejected!).getByRole('link', { name: M.applyAgain })).toHaveAttribute('href', '/register-regiment?again=1');
  });

  it('says when there are none', async () => {
    mockApi({ '/api/auth/status': signedInStatus(), '/api/registrations/mine': { registrations: [] } });
    renderRoute('/my-registrations');
    expect(await screen.findByText(M.myRegistrationsEmpty)).toBeInTheDocument();
  });
});
