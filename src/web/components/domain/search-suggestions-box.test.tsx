import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Suggestion } from '#core/api';
import { searchMessages } from '#core/messages/search';
import { searchKeys } from '#web/api/search';
import { requestUrl } from '#web/test/request-url';
import { SearchSuggestionsBox } from './search-suggestions-box';

const crawford: Suggestion = {
  kind: 'officer',
  id: 12,
  name: 'Samuel Crawford',
  rank: 'Col.',
  regimentName: '20th Maine',
  sideCode: 'USA',
  averageRating: 4.2,
  reviewCount: 3,
};
const crawfordsRegiment: Suggestion = { kind: 'regiment', id: 7, name: "Crawford's Rifles", sideCode: 'CSA', officerCount: 12 };
const cramer: Suggestion = { ...crawford, id: 13, name: 'Ben Cramer' };

interface PendingRequest {
  url: URL;
  signal: AbortSignal | undefined;
  answer: (suggestions: Suggestion[]) => void;
  /** Settles once the client has read the answer's body: the answer has been handled. */
  bodyRead: Promise<void>;
}

/** fetch answered by the test: each suggestion request waits until the test answers it (or answers at once with `auto`). */
function stubSuggestions(auto?: (q: string) => Suggestion[]) {
  const requests: PendingRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          const url = new URL(requestUrl(input), 'http://localhost');
          let markRead!: () => void;
          const bodyRead = new Promise<void>((done) => (markRead = done));
          const answer = (suggestions: Suggestion[]) => {
            const body = new Response(JSON.stringify({ suggestions }), { status: 200 });
            const read = body.text.bind(body);
            body.text = () => read().finally(markRead);
            resolve(body);
          };
          requests.push({ url, signal: init?.signal ?? undefined, answer, bodyRead });
          if (auto) answer(auto(url.searchParams.get('q') ?? ''));
        }),
    ),
  );
  return requests;
}

function Page() {
  const { kind, id } = useParams();
  return (
    <p>
      {kind} page {id}
    </p>
  );
}

function Box({ sideId = null }: { sideId?: number | null }) {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="q">Search</label>
      <SearchSuggestionsBox id="q" value={value} onValueChange={setValue} sideId={sideId} />
    </>
  );
}

function renderBox(sideId: number | null = null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <Routes>
          <Route path="/" element={<Box sideId={sideId} />} />
          <Route path="/:kind/:id" element={<Page />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

/** The box's polite live region, which says how many options there are. */
const liveRegion = () => box().parentElement!.querySelector('[aria-live="polite"]');
const box = () => screen.getByRole('combobox', { name: 'Search' });

describe('SearchSuggestionsBox', () => {
  it('asks for suggestions after a pause in typing, of the chosen side, and shows officers and regiments', async () => {
    const requests = stubSuggestions(() => [crawford, crawfordsRegiment]);
    const user = userEvent.setup();
    renderBox(2);

    await user.type(box(), 'crawf');
    const options = await screen.findAllByRole('option');
    // One request for the word as typed, not one per key.
    expect(requests.map((r) => r.url.pathname + r.url.search)).toEqual(['/api/search/suggestions?q=crawf&sideId=2']);
    expect(options[0]).toHaveTextContent('Col. Samuel Crawford — 20th Maine');
    expect(options[0]).toHaveTextContent('Union');
    expect(options[1]).toHaveTextContent("Crawford's Rifles");
    expect(options[1]).toHaveTextContent(searchMessages.suggestionRegiment);
    expect(options[1]).toHaveTextContent('Confederate');
    expect(liveRegion()).toHaveTextContent(searchMessages.suggestionCount(2));
  });

  it('says so, on screen and to a screen reader, when nothing matches (issue 36)', async () => {
    stubSuggestions(() => []);
    const user = userEvent.setup();
    renderBox();

    await user.type(box(), 'zzz');
    await waitFor(() => expect(liveRegion()).toHaveTextContent('No matches'));
    // Shown in the open list, not only heard.
    expect(screen.getAllByText('No matches').filter((node) => !liveRegion()!.contains(node))).toHaveLength(1);
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('shows nothing for an empty box', async () => {
    const requests = stubSuggestions(() => [crawford]);
    const user = userEvent.setup();
    renderBox();
    await user.type(box(), 'c');
    await screen.findByRole('option');
    await user.clear(box());
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it("opens an officer's page with the arrow keys and Enter", async () => {
    stubSuggestions(() => [crawfordsRegiment, crawford]);
    const user = userEvent.setup();
    renderBox();
    await user.type(box(), 'crawford');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[1]!.id);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('officer page 12')).toBeInTheDocument();
  });

  it("opens a regiment's page on a click", async () => {
    stubSuggestions(() => [crawford, crawfordsRegiment]);
    const user = userEvent.setup();
    renderBox();
    await user.type(box(), 'crawford');
    await user.click(await screen.findByRole('option', { name: /Crawford's Rifles/ }));
    expect(await screen.findByText('regiment page 7')).toBeInTheDocument();
  });

  it('aborts the request for an older term, and never shows its answer after a newer one', async () => {
    const requests = stubSuggestions();
    const user = userEvent.setup();
    const queryClient = renderBox();

    await user.type(box(), 'cra');
    await waitFor(() => expect(requests).toHaveLength(1));
    await user.type(box(), 'wford');
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]!.url.searchParams.get('q')).toBe('crawford');
    expect(requests[0]!.signal?.aborted).toBe(true);

    act(() => requests[1]!.answer([crawford]));
    expect(await screen.findByRole('option', { name: /Samuel Crawford/ })).toBeInTheDocument();
    // The older answer arrives last: the list stays the newer term's.
    act(() => requests[0]!.answer([cramer]));
    // Once the client has read that answer (and React has done what it would do with it), neither
    // the list nor the older term's cache entry holds it.
    await act(() => requests[0]!.bodyRead);
    expect(queryClient.getQueryData(searchKeys.suggestions('cra', null))).toBeUndefined();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([expect.stringContaining('Samuel Crawford')]);
  });
});
