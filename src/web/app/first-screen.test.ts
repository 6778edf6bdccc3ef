import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstScreenRequests } from '#core/first-screen';
import { createQueryClient } from './query-client';
import { prefetchFirstScreen } from './first-screen';

/** The URLs the client asks for before its first render, answered with empty JSON. */
async function fetchedBeforeFirstRender(pathname: string, search = ''): Promise<string[]> {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const body = url.includes('/api/reviews/officer/')
        ? '{"reviews":[],"totalCount":0}'
        : url.includes('/api/search/officers')
          ? '{"officers":[],"totalCount":0,"nextCursor":null}'
          : '[]';
      return new Response(body, { status: 200 });
    }),
  );
  await prefetchFirstScreen(createQueryClient(), { pathname, search });
  return urls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the first screen', () => {
  // The server preloads firstScreenRequests; a preload the client does not use is a wasted request.
  it.each([
    ['/', ''],
    ['/officer/87', ''],
    ['/Officer/87/', ''],
    ['/regiment/3', ''],
    ['/search', ''],
    ['/search', '?q=Crawford'],
    ['/search', '?q=%20Hancock%20&sideId=1&regimentId=4&sortBy=name&sortOrder=asc'],
    ['/search', '?sideId=2'],
    ['/search', '?showRegiments=true&q=Maine'],
    ['/officer/abc', ''],
    ['/my-reviews', ''],
  ])('of %s%s is fetched by the client exactly as the server preloads it', async (pathname, search) => {
    expect((await fetchedBeforeFirstRender(pathname, search)).sort()).toEqual(firstScreenRequests(pathname, search).sort());
  });

  it("of an officer's page is the officer and the first page of its reviews", () => {
    expect(firstScreenRequests('/officer/87', '')).toEqual(['/api/auth/status', '/api/officers/87', '/api/reviews/officer/87?page=1&limit=5']);
  });

  it('of home is the top officers, the featured regiments, the recent reviews and the sides, never every regiment', () => {
    expect(firstScreenRequests('/', '')).toEqual([
      '/api/auth/status',
      '/api/officers/top',
      '/api/regiments/featured',
      '/api/reviews/recent',
      '/api/sides',
    ]);
  });

  it('of a search is the sides and the results, with the default sort, and the chosen regiment, never every regiment', () => {
    expect(firstScreenRequests('/search', '?q=Crawford')).toEqual([
      '/api/auth/status',
      '/api/sides',
      '/api/search/officers?q=Crawford&sortBy=rating&sortOrder=desc',
    ]);
    expect(firstScreenRequests('/search', '?sideId=1&regimentId=4')).toEqual([
      '/api/auth/status',
      '/api/sides',
      '/api/regiments/4',
      '/api/search/officers?sideId=1&regimentId=4&sortBy=rating&sortOrder=desc',
    ]);
  });

  it('of the Regiments tab is every regiment, which it filters and sorts in the browser', () => {
    expect(firstScreenRequests('/search', '?showRegiments=true&q=Maine')).toEqual(['/api/auth/status', '/api/sides', '/api/regiments']);
  });
});
