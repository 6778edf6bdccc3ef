/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Escapes text for SVG (XML) content and quoted attributes. XML 1.0 cannot carry most control
 * characters, not even as references, so a name holding one would make the whole document
 * unreadable: they are dropped, with lone surrogates and the two non-characters U+FFFE/U+FFFF.
 */
export function escapeXml(text: string): string {
  return escapeHtml(text.replace(NOT_IN_XML, ''));
}

// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
