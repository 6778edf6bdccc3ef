/**
 * The HTML shell every client-side route is answered with, plus what that page needs first, named
 * in its <head> so the browser fetches it while it downloads the app's code instead of after
 * running it:
 * - the page's first-screen API answers, as fetch preloads (src/core/first-screen.ts; the client
 *   waits for the same answers before its first render). `use-credentials` matches the client's
 *   fetches (credentials: 'include'), or the browser would not use the preloaded answers;
 * - the code of a page the router loads lazily, and the chunks it imports, as module preloads
 *   (read from Vite's manifest), which the app would otherwise ask for only once it runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { firstScreenPage, firstScreenRequestsOf, type FirstScreenPage } from '../../core/first-screen.js';
import { escapeHtml } from './escape-html.js';
import type { ReadyAnswerSource } from './front-server.js';
import { ResponseCache, createEntry, sendEntry, type Entry } from './response-cache.js';

/**
 * Shells already assembled and compressed, by their preloads (one per officer, regiment or search
 * page visited): the officer page's HTML is a hot read. Bounded like the response cache, by bytes.
 */
const SHELL_CACHE_BYTES = 4 * 1024 * 1024;

/** The module of each lazily loaded page, as Vite's manifest names it (relative to src/web). */
const PAGE_MODULES: Partial<Record<FirstScreenPage['page'], string>> = {
  officer: 'features/officers/officer-page.tsx',
  regiment: 'features/regiments/regiment-page.tsx',
  search: 'features/search/search-page.tsx',
};

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PageShell {
  /** Answers a page request with its shell: ETag, 304, compressed as the client accepts. */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply;
  /**
   * The shell of a page with a first screen of its own (home, officer, regiment, search), for the
   * front server: those paths are never a file or another route, so Fastify would answer them with
   * the shell too. Any other URL is left to Fastify.
   */
  readyAnswer: ReadyAnswerSource;
}

export function readPageShell(webRoot: string): PageShell {
  const shell = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : {};
  const moduleLinks = moduleLinksByPage(manifest);
  const assembled = new ResponseCache(SHELL_CACHE_BYTES);
  const entryFor = (page: FirstScreenPage): Entry => {
    const links = preloadLinks(page, moduleLinks);
    let entry = assembled.get(links);
    if (!entry) {
      entry = createEntry({ key: links, tags: [], computedAt: assembled.now(), contentType: 'text/html; charset=utf-8', body: withLinks(shell, links) });
      assembled.store(assembled.currentGeneration(), entry);
    }
    return entry;
  };
  return {
    send(request, reply) {
      return sendEntry(request, reply, entryFor(pageOf(request.url)), assembled);
    },
    readyAnswer(url) {
      const page = pageOf(url);
      // A path the URL parser rewrote (dot segments, doubled slashes) may route elsewhere in Fastify.
      if (page.page === 'other' || page.pathname !== (url.split('?', 1)[0] ?? url)) return undefined;
      return { entry: entryFor(page), cache: assembled };
    },
  };
}

/** The router's page at this URL, with the path as the URL parser read it. */
function pageOf(url: string): FirstScreenPage & { pathname: string } {
  const { pathname, search } = new URL(url, 'http://localhost');
  return { ...firstScreenPage(pathname, search), pathname };
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
  for (const [page, module] of Object.entries(PAGE_MODULES) as Array<[FirstScreenPage['page'], string]>) {
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
  return shell.replace('</head>', `${links}</head>`);
}

export function shellWithPreloads(shell: string, url: string, manifest: Manifest = {}): string {
  return withLinks(shell, preloadLinks(pageOf(url), moduleLinksByPage(manifest)));
}
