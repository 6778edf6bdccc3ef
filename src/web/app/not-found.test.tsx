import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoute } from '#web/test/render';

describe('the not-found screen (spec section 2)', () => {
  it("shows 404 and 'Page Not Found', and the tab says so too (issue 39, item 3)", async () => {
    mockApi({});
    renderRoute('/no-such-page');

    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Page Not Found' })).toBeInTheDocument();
    expect(document.title).toBe('Page Not Found · WoR Officer Ratings');
  });
});
