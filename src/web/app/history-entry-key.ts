/**
 * Scroll memory (React Router's <ScrollRestoration>, in src/web/app/shell/layout.tsx) remembers a
 * position per history entry, by the key the router keeps in `history.state`. An entry the router did
 * not create (a fresh load: the address bar, a link from Discord, the return from Steam) has no key,
 * and the router calls every such entry "default": each fresh load of the tab then shared one
 * remembered position, and opened in the middle of the previous page's reviews.
 *
 * Giving such an entry a key of its own, before the router reads it, makes a fresh load a new entry
 * with nothing remembered (top of the page, or its #hash). The key lives in the entry itself, so a
 * reload or Back from another site to this entry finds its position again, like any back/forward.
 */
export function keyFreshHistoryEntry(history: Pick<History, 'state' | 'replaceState'>, makeKey: () => string = randomEntryKey): void {
  const state: unknown = history.state;
  const fields = state !== null && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  if (typeof fields.key === 'string' && fields.key !== '' && fields.key !== 'default') return;
  history.replaceState({ ...fields, key: makeKey() }, '');
}

/** The same shape as the keys React Router gives the entries it pushes. */
function randomEntryKey(): string {
  return Math.random().toString(36).slice(2, 10);
}
