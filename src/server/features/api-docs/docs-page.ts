/**
 * The reference page of the public read API at /api/docs: Swagger UI, served from the
 * swagger-ui-dist package on this server (no CDN: the page works offline and under the site's
 * Content-Security-Policy, which allows scripts from this origin only), reading /api/openapi.json.
 * It is its own page, never part of the web app's bundle. Its files are read and compressed on the
 * first request for them, not at start-up, and kept (about 0.5 MB compressed).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { THEME_BOOT_SCRIPT } from '#core/theme.js';
import { exactCopy, preferredEncoding, weakEtag, type Encoding } from '#server/platform/read-cache/encoding.js';
import { DOCS_STYLE } from './docs-style.js';

/** Where the document and the page are (the web app links to neither: it is not in its bundle). */
export const OPENAPI_DOCUMENT_PATH = '/api/openapi.json';
export const DOCS_PAGE_PATH = '/api/docs';

/** The files the page loads, by the name it asks for them under /api/docs/. */
export const DOCS_ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'docs.js', 'docs.css'] as const;
export type DocsAsset = (typeof DOCS_ASSETS)[number];

const CONTENT_TYPES: Record<string, string> = { '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

/**
 * Starts Swagger UI on the document. An external file, not an inline script: the site's CSP allows
 * none. No validator badge (it would call a third party) and no "Try it out" on by default.
 *
 * Loaded in <head>, so the site's theme choice is on <html> before the page is drawn (the same
 * text as the site's own boot script). After each render it mends what axe found in Swagger UI's
 * markup (issue 36, item 6): a select with no name, and a link inside the button of an operation.
 */
const DOCS_SCRIPT = `${THEME_BOOT_SCRIPT}
function mendAccessibility(root) {
  root.querySelectorAll('select').forEach(function (select) {
    // A label that wraps the select holds its options' text too: only the rest names it.
    var named = Array.prototype.some.call(select.labels, function (label) {
      return label.textContent.replace(select.textContent, '').trim() !== '';
    });
    if (!named && !select.hasAttribute('aria-label')) select.setAttribute('aria-label', select.id === 'servers' ? 'Server' : 'Media type');
  });
  // The path's deep link sits inside the summary's button, which opens the operation and sets the
  // same address itself: a link nobody can reach on its own, so a plain text.
  root.querySelectorAll('.opblock-summary-control a[href]').forEach(function (link) { link.removeAttribute('href'); });
}
window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(OPENAPI_DOCUMENT_PATH)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
  var root = document.getElementById('swagger-ui');
  new MutationObserver(function () { mendAccessibility(root); }).observe(root, { childList: true, subtree: true });
});
`;

export const DOCS_PAGE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Public API reference - War of Rights Officer Ratings</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    <link rel="stylesheet" href="${DOCS_PAGE_PATH}/swagger-ui.css">
    <link rel="stylesheet" href="${DOCS_PAGE_PATH}/docs.css">
    <script src="${DOCS_PAGE_PATH}/docs.js"></script>
  </head>
  <body>
    <header class="site-bar">
      <a href="/">&larr; Back to War of Rights Officer Ratings</a>
      <h1>Public API reference</h1>
    </header>
    <main id="swagger-ui"></main>
    <script src="${DOCS_PAGE_PATH}/swagger-ui-bundle.js"></script>
  </body>
</html>
`;

interface Asset {
  contentType: string;
  etag: string;
  variants: Record<Encoding, Buffer>;
}

const loaded = new Map<DocsAsset, Asset>();

function readAsset(name: DocsAsset): Buffer {
  if (name === 'docs.js') return Buffer.from(DOCS_SCRIPT);
  if (name === 'docs.css') return Buffer.from(DOCS_STYLE);
  const folder = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  return readFileSync(path.join(folder, name));
}

function loadAsset(name: DocsAsset): Asset {
  let asset = loaded.get(name);
  if (!asset) {
    const body = readAsset(name);
    asset = {
      contentType: CONTENT_TYPES[path.extname(name)]!,
      etag: weakEtag(body),
      variants: {
        identity: body,
        gzip: exactCopy(gzipSync(body, { level: 9 })),
        // Quality 9: within a point of the best for a tenth of the time of 11 (about 0.1 s once).
        br: exactCopy(brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } })),
      },
    };
    loaded.set(name, asset);
  }
  return asset;
}

/** One of the page's files for a client's Accept-Encoding: its bytes, encoding and validator. */
export function docsAsset(name: DocsAsset, acceptEncoding: string | undefined) {
  const asset = loadAsset(name);
  const encoding = preferredEncoding(acceptEncoding);
  return { contentType: asset.contentType, etag: asset.etag, encoding, body: asset.variants[encoding] };
}
