/**
 * The link preview of a page: what Discord, Slack, Twitter/X and search engines read from its HTML
 * without running the app (issue 19, item 1). The features say what a page is about (a
 * LinkPreview); this module writes it into the shell's <head>, escaping every value, since names and
 * descriptions are typed by users.
 */
import { escapeHtml } from '#server/platform/http/escape-html.js';

export interface LinkPreview {
  /** The page's own title, without the site's name (og:title). */
  title: string;
  /** The <title> of the page (the title with the site's name). */
  documentTitle: string;
  description: string;
  /** Absolute URLs: crawlers do not resolve relative ones. */
  url: string;
  image: { url: string; width: number; height: number; alt: string };
  /** Structured data (schema.org) written as JSON-LD, when the page has any. */
  jsonLd?: Record<string, unknown>;
}

/** The <meta> elements (and JSON-LD) that carry the preview, and the <title> they replace. */
export function linkPreviewHead(preview: LinkPreview, siteName: string): string {
  const property = (name: string, content: string | number) => `<meta property="${name}" content="${escapeHtml(String(content))}">`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`;
  return [
    `<title>${escapeHtml(preview.documentTitle)}</title>`,
    property('og:site_name', siteName),
    property('og:type', 'website'),
    property('og:title', preview.title),
    property('og:description', preview.description),
    property('og:url', preview.url),
    property('og:image', preview.image.url),
    property('og:image:type', 'image/png'),
    property('og:image:width', preview.image.width),
    property('og:image:height', preview.image.height),
    property('og:image:alt', preview.image.alt),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', preview.title),
    named('twitter:description', preview.description),
    named('twitter:image', preview.image.url),
    named('twitter:image:alt', preview.image.alt),
    preview.jsonLd ? `<script type="application/ld+json">${jsonForScript(preview.jsonLd)}</script>` : '',
  ].join('');
}

/**
 * JSON inside a <script> element: the HTML parser ends the element at the first `</script`, whatever
 * the JSON means, so `<`, `>` and `&` are written as \u escapes (still the same JSON), and so are
 * U+2028/U+2029 for older JavaScript parsers.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The shell with the preview in its <head>, in place of its own <title>. */
export function withLinkPreview(shell: string, head: string): string {
  if (!head) return shell;
  // Replacer functions: in a replacement string, `$&` or `$'` typed into a name would paste parts of the shell.
  const withoutTitle = shell.replace(/<title>[^<]*<\/title>/, () => '');
  return withoutTitle.replace('</head>', () => `${head}</head>`);
}
