import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REGISTRATION_REDIRECT_DELAY_MS, useRedirectHomeSoon } from './use-redirect-home-soon';

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/register-regiment']}>{children}</MemoryRouter>;

function useRedirectAndLocation() {
  return { redirect: useRedirectHomeSoon(), pathname: useLocation().pathname };
}

describe('useRedirectHomeSoon', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes home about 100 ms later (spec section 9)', () => {
    expect(REGISTRATION_REDIRECT_DELAY_MS).toBe(100);
    const { result } = renderHook(useRedirectAndLocation, { wrapper });

    act(() => result.current.redirect());
    act(() => {
      vi.advanceTimersByTime(99);
    });
    expect(result.current.pathname).toBe('/register-regiment');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.pathname).toBe('/');
  });

  it('does nothing once the page is gone', () => {
    const { result, unmount } = renderHook(useRedirectAndLocation, { wrapper });
    act(() => result.current.redirect());
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
