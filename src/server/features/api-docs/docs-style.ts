/**
 * The reference page's own stylesheet, after Swagger UI's (issue 36, item 6): the bar that leads back
 * to the site, colours that pass WCAG AA where Swagger UI's do not, and the site's dark theme (the
 * visitor's choice on <html>, else the system's, as in src/web/styles.css).
 */

/**
 * The dark theme under `dark`, the selector that says it is on. Swagger UI has no dark theme: its
 * light page is inverted and turned back to its hues, which keeps every pair of colours as far apart
 * as in the light theme, where their contrast is checked. Images are turned back.
 */
const darkRules = (dark: string) => `
${dark} { color-scheme: dark; }
${dark} body { background: #141920; }
${dark} #swagger-ui { filter: invert(0.9) hue-rotate(180deg); }
${dark} #swagger-ui img { filter: invert(1) hue-rotate(180deg); }
`;

export const DOCS_STYLE = `
body { margin: 0; background: #fff; }
#swagger-ui { background: #fff; }
.site-bar {
  display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.25rem 1.5rem;
  padding: 0.75rem 1.25rem; background: #1c2a44; color: #fff;
  font-family: ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif;
}
.site-bar h1 { margin: 0; font-size: 1rem; font-weight: 600; }
.site-bar a { color: #fff; font-weight: 600; text-decoration: underline; text-underline-offset: 3px; }
.site-bar a:focus-visible { outline: 2px solid #d4a93c; outline-offset: 2px; }

/* Swagger UI's colours that fail 4.5:1, darkened (found by axe, e2e/every-route.spec.ts). */
#swagger-ui .opblock .opblock-summary-method { background: #1f5f99; }
#swagger-ui .info .title small { background: #4a5260; }
#swagger-ui .info .title small.version-stamp { background: #3f6b00; }
#swagger-ui .parameter__in, #swagger-ui .parameter__type, #swagger-ui .prop-format { color: #4a5260; }
#swagger-ui .response-col_links, #swagger-ui .response-col_links i { color: #4a5260; }
#swagger-ui .info .url, #swagger-ui .info a { color: #1f5f99; }
${darkRules(":root[data-theme='dark']")}
@media (prefers-color-scheme: dark) {
${darkRules(':root:not([data-theme])')}
}
`;
