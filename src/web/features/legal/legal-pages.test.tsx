import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoute } from '#web/test/render';

describe('legal pages', () => {
  it('shows the privacy policy with its date and the promises the spec asks for', async () => {
    mockApi({});
    renderRoute('/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('Last updated: April 10, 2025')).toBeInTheDocument();
    expect(document.title).toBe('Privacy Policy · WoR Officer Ratings');
    for (const heading of [
      'What we collect',
      'Reviews are not anonymous',
      'Your public reviewer profile',
      'Officer profiles are optional',
      'Cookies',
      'Children',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    expect(screen.getByText(/Steam ID/)).toBeInTheDocument();
    expect(screen.getByText(/not for anyone under 13/)).toBeInTheDocument();
    // Issue 35's plain-language summary, beside the spec's text: download and delete from Settings.
    expect(screen.getByRole('heading', { level: 2, name: 'In short: your data, your choices' })).toBeInTheDocument();
    expect(screen.getByText(/You have 30 days to change your mind/)).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Settings' })) expect(link).toHaveAttribute('href', '/settings');
    // Issue 36: what the public reviewer profile shows, and that hiding the level hides it there too.
    expect(screen.getByText(/it is hidden on your profile page too/)).toBeInTheDocument();
  });

  it('shows the terms of service with its date, the rating rules and moderation', async () => {
    mockApi({});
    renderRoute('/terms-of-service');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByText('Last updated: April 10, 2025')).toBeInTheDocument();
    expect(document.title).toBe('Terms of Service · WoR Officer Ratings');
    for (const heading of ['Ratings and reviews', 'Moderation', 'Conduct']) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    expect(screen.getByText(/four categories: leadership, tactics, communication and fairness/)).toBeInTheDocument();
    expect(screen.getByText(/from 1 to 5 stars/)).toBeInTheDocument();
    expect(screen.getByText(/Flagged reviews may be removed/)).toBeInTheDocument();
    expect(screen.getByText(/not affiliated with/, { selector: 'article p' })).toBeInTheDocument();
  });
});
