/**
 * The HTML shell every page is answered with, plus what that page needs first, named in its <head>
 * so the browser fetches it while it downloads the app's code instead of after running it:
 * - the page's first-screen API answers, as fetch preloads (src/core/first-screen.ts; the client
 *   waits for the same answers before its first render). `use-credentials` matches the client's
 *   fetches (credentials: 'include'), or the browser would not use the preloaded answers;
 * - the code of a page the router loads lazily, and the chunks it imports, as module preloads
 *   (read from Vite's manifest), which the app would otherwise ask for only once it runs.
 *
 * The status tells the truth to search engines and link previews: 200 for a screen of the app
 * (src/core/client-routes.ts), 404 for any other path and for the page of an officer or regiment
 * that does not exist (or is not public), which the app shows as its not-found screen.
 *
 * The pages people share (home, search, an officer, a regiment) carry their link preview in the
 * same <head>: Open Graph and Twitter meta, and a regiment's JSON-LD (link-preview.ts), for every
 * client, since crawlers do not run the app (issue 19, item 1).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SCREEN_MODULES, matchClientRoute, type ClientRouteMatch } from '#core/client-routes.js';
import { firstScreenPageOf, firstScreenRequestsOf, type FirstScreenPage } from '#core/first-screen.js';
import { parsePositiveId } from '#core/parse-id.js';
import { MSG } from '#core/messages.js';
import { escapeHtml } from '#server/platform/http/escape-html.js';
import type { ReadyAnswerSource } from '#server/platform/read-cache/front-server.js';
import { linkPreviewHead, withLinkPreview, type LinkPreview } from './link-preview.js';
import { sendEntry } from '#server/platform/read-cache/plugin.js';
import { ResponseCache, createEntry, type Entry } from '#server/platform/read-cache/store.js';
import { cacheTags, type CacheTag } from '#server/platform/read-cache/tags.js';

/**
 * Shells already assembled and compressed are kept in the response cache beside the answers (one
 * per officer, regiment or search page visited): the officer page's HTML is a hot read, and on the
 * long tail a crowd opens every officer. A cache of their own (4 MiB, ~3,000 officer pages) was
 * missed by most of them, and each miss assembled and compressed the shell again. The shells of the
 * pages that show no row (home, search, not found) depend on the build alone: while the response
 * cache is off (RESPONSE_CACHE_MB=0, or the cache bus is down) they are kept here instead, and a
 * row page is assembled for each visit, since nothing would tell this small cache of a write.
 */
const FALLBACK_SHELL_CACHE_BYTES = 4 * 1024 * 1024;

/**
 * The pages whose code is named as module preloads: those with a first screen of their own that the
 * router loads lazily. Their modules come from the router's own table (SCREEN_MODULES), as Vite's
 * manifest names them, so a renamed page file cannot silently lose its preloads.
 */
const PRELOADED_PAGES = ['officer', 'regiment', 'search'] as const satisfies ReadonlyArray<FirstScreenPage['page'] & keyof typeof SCREEN_MODULES>;

/** A page that shows one officer or regiment: it exists while that row does. */
export type RowPage = Extract<FirstScreenPage, { page: 'officer' | 'regiment' }>;

export interface PageShellOptions {
  /**
   * The kept public answers (store.ts). The shells are kept there; a row page's (with the row's link
   * preview, so: the row exists) under the tags of that row's own answers, so the writes that
   * change, delete or hide the row forget it (in every process) and the page is asked about again.
   */
  cache: ResponseCache;
  /**
   * The link preview of the page's officer or regiment, or null when that row does not exist or is
   * not public (asks the database).
   */
  rowPreview: (page: RowPage) => Promise<LinkPreview | null>;
  /**
   * Whether a reviewer's profile page exists (issue 36, item 6): a banned, deleted or unknown
   * account's is answered 404, as a missing officer's is. Asked on every visit: the page is no hot read.
   */
  reviewerShown?: (userId: number) => Promise<boolean>;
  /** The link preview of a page that shows no one row (home, search), if it has one: it depends on the kind of page alone. */
  pagePreview?: (page: Extract<FirstScreenPage, { page: 'home' | 'search' }>) => LinkPreview | null;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PageShell {
  /**
   * Answers a page request with its shell: ETag, 304, compressed as the client accepts; 404 with
   * the not-found page's shell for a path that is no screen of the app or a missing row.
   */
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /**
   * The shell of a page with a first screen of its own (home, search, and an officer or regiment
   * already known to exist), for the front server: those paths are never a file or another route,
   * so Fastify would answer them with the same shell. Any other URL is left to Fastify.
   */
  readyAnswer: ReadyAnswerSource;
}

/** What the not-found screen needs first: the auth status, as any page without a first screen. */
const NOT_FOUND_PAGE: FirstScreenPage = { page: 'other' };

export function readPageShell(webRoot: string, { cache, rowPreview, reviewerShown, pagePreview }: PageShellOptions): PageShell {
  const shell = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : {};
  const moduleLinks = moduleLinksByPage(manifest);
  const fallback = new ResponseCache(FALLBACK_SHELL_CACHE_BYTES);
  /** The <head> of each page kind's own preview (home, search), made once. */
  const pageHeads = new Map<FirstScreenPage['page'], string>();
  const pageHeadOf = (page: FirstScreenPage): string => {
    let head = pageHeads.get(page.page);
    if (head === undefined) {
      // A row page without its row (the database could not tell) and the other screens have none.
      const preview = page.page === 'home' || page.page === 'search' ? (pagePreview?.(page) ?? null) : null;
      head = preview ? linkPreviewHead(preview, MSG.linkPreview.siteName) : '';
      pageHeads.set(page.page, head);
    }
    return head;
  };

  /** The page's shell, with the <head> given: its preloads (decided by the page) and that head. */
  const assemble = (page: FirstScreenPage, head: string, tags: readonly CacheTag[], computedAt: number): Entry =>
    createEntry({
      key: shellKey(page),
      tags,
      computedAt,
      contentType: 'text/html; charset=utf-8',
      body: withLinkPreview(withLinks(shell, preloadLinks(page, moduleLinks)), head),
    });

  /**
   * The shell of a page that shows no row, assembled once, and where it is kept. The key is the
   * page, not its preloads: those are 1.5 KB for an officer page, more than its whole compressed
   * shell, and a key is counted as kept.
   */
  const pageShell = (page: FirstScreenPage): KeptShell => {
    const kept = cache.enabled ? cache : fallback;
    let entry = kept.get(shellKey(page));
    if (!entry) {
      entry = assemble(page, pageHeadOf(page), [], kept.now());
      kept.store(kept.currentGeneration(), entry);
    }
    return { entry, cache: kept };
  };

  /**
   * A row page's kept shell, from memory alone: there while the row is known to exist. It carries
   * the row's link preview and the row's tags, so the writes that change, delete or hide the row
   * forget it (in every process) and the page is asked about again.
   */
  const knownRowShell = (page: RowPage): KeptShell | undefined => {
    const entry = cache.get(shellKey(page));
    return entry && { entry, cache };
  };

  /**
   * Asks the database for the row's preview and keeps the shell made with it (unless a write came
   * meanwhile). Null: no such row. When the database cannot tell, the page is answered without a
   * preview and nothing is kept: the app shows its own error for what it cannot load, where a 500
   * here would show nothing at all.
   */
  const rowShell = async (request: FastifyRequest, page: RowPage): Promise<KeptShell | null> => {
    const known = knownRowShell(page);
    if (known) return known;
    cache.beforeRefill(rowTags(page));
    const generation = cache.currentGeneration();
    const computedAt = cache.now();
    let preview: LinkPreview | null;
    try {
      preview = await rowPreview(page);
    } catch (error) {
      request.log.warn({ err: error }, 'could not tell whether the page exists; answering it');
      return { entry: assemble(page, pageHeadOf(page), [], computedAt), cache: fallback };
    }
    if (!preview) return null;
    const entry = assemble(page, linkPreviewHead(preview, MSG.linkPreview.siteName), rowTags(page), computedAt);
    cache.store(generation, entry);
    return { entry, cache };
  };

  const sendShell = (request: FastifyRequest, reply: FastifyReply, { entry, cache: kept }: KeptShell, status: 200 | 404 = 200) =>
    sendEntry(request, reply, entry, kept, status);

  return {
    async send(request, reply) {
      const { route, page } = pageOf(request.url);
      if (route !== null && isRowPage(page)) {
        const row = await rowShell(request, page);
        return row ? sendShell(request, reply, row) : sendShell(request, reply, pageShell(NOT_FOUND_PAGE), 404);
      }
      if (route === null || isRowRoute(route)) return sendShell(request, reply, pageShell(NOT_FOUND_PAGE), 404);
      if (route.route === 'reviewer' && !(await isShownReviewer(request, route, reviewerShown))) {
        return sendShell(request, reply, pageShell(NOT_FOUND_PAGE), 404);
      }
      return sendShell(request, reply, pageShell(page));
    },
    readyAnswer(url) {
      const { page, pathname } = pageOf(url);
      if (page.page === 'other') return undefined;
      // A path the URL parser rewrote (dot segments, doubled slashes) may route elsewhere in Fastify.
      if (pathname !== (url.split('?', 1)[0] ?? url)) return undefined;
      return isRowPage(page) ? knownRowShell(page) : pageShell(page);
    },
  };
}

/** A shell and the cache it is kept in (which compresses it for the client that asks). */
interface KeptShell {
  entry: Entry;
  cache: ResponseCache;
}

function isRowPage(page: FirstScreenPage): page is RowPage {
  return page.page === 'officer' || page.page === 'regiment';
}

/**
 * Whether a reviewer route names a profile: a malformed id names none. When the database cannot
 * tell, the page is answered (the app shows its own error), as a row page is.
 */
async function isShownReviewer(request: FastifyRequest, route: ClientRouteMatch, reviewerShown: PageShellOptions['reviewerShown']): Promise<boolean> {
  const id = parsePositiveId(route.params.id);
  if (id === null) return false;
  if (!reviewerShown) return true;
  try {
    return await reviewerShown(id);
  } catch (error) {
    request.log.warn({ err: error }, 'could not tell whether the reviewer page exists; answering it');
    return true;
  }
}

/** An officer or regiment route, whose id may name no row (then the page is 'other'). */
function isRowRoute(route: ClientRouteMatch): boolean {
  return route.route === 'officer' || route.route === 'regiment';
}

/** Where a page's shell is kept. With a space: no request URL can equal it and be answered with it. */
function shellKey(page: FirstScreenPage): string {
  return `page-shell ${JSON.stringify(page)}`;
}

/**
 * The writes that forget the row's own answers forget its preview too: an officer's with its
 * reviews, edits and deletion; a regiment's as its answer (GET /api/regiments/{id}), with the lists
 * and, within their lag, the ratings.
 */
function rowTags(page: RowPage): readonly CacheTag[] {
  return page.page === 'officer' ? [cacheTags.officer(page.id)] : cacheTags.ratedList;
}

/** The route and page at this URL, with the path as the URL parser read it. */
function pageOf(url: string): { route: ClientRouteMatch | null; page: FirstScreenPage; pathname: string } {
  const { pathname, search } = new URL(url, 'http://localhost');
  const route = matchClientRoute(pathname);
  return { route, page: firstScreenPageOf(route, search), pathname };
}

/** Every chunk a manifest entry imports statically, itself included. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/**
 * The module preloads of each lazily loaded page: its chunk and what that imports, less what the
 * entry has already loaded. Computed once, from the manifest, not per request.
 */
function moduleLinksByPage(manifest: Manifest): ModuleLinks {
  const loaded = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) staticClosure(manifest, key, loaded);
  const links: ModuleLinks = {};
  for (const page of PRELOADED_PAGES) {
    const module = SCREEN_MODULES[page];
    if (!manifest[module]) continue;
    links[page] = [...staticClosure(manifest, module)]
      .filter((key) => !loaded.has(key))
      .map((key) => `<link rel="modulepreload" crossorigin href="${escapeHtml(`/${manifest[key]!.file}`)}">`)
      .join('');
  }
  return links;
}
type ModuleLinks = Partial<Record<FirstScreenPage['page'], string>>;

/** The <link> elements naming what the page needs first. */
function preloadLinks(page: FirstScreenPage, moduleLinks: ModuleLinks): string {
  const fetches = firstScreenRequestsOf(page).map(
    (href) => `<link rel="preload" as="fetch" href="${escapeHtml(href)}" crossorigin="use-credentials">`,
  );
  return fetches.join('') + (moduleLinks[page.page] ?? '');
}

function withLinks(shell: string, links: string): string {
  return shell.replace('</head>', () => `${links}</head>`);
}

/** The shell a page is answered with (tests): its preloads, and its link preview when it has one. */
export function shellWithPreloads(shell: string, url: string, manifest: Manifest = {}, preview: LinkPreview | null = null): string {
  const withPreloads = withLinks(shell, preloadLinks(pageOf(url).page, moduleLinksByPage(manifest)));
  return preview ? withLinkPreview(withPreloads, linkPreviewHead(preview, MSG.linkPreview.siteName)) : withPreloads;
}
