import { describe, expect, it } from 'vitest';
import { shellWithPreloads } from './page-shell.js';

const SHELL = '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>';

describe('the HTML shell', () => {
  it("names an officer page's first answers as preloads the client's fetches can use", () => {
    const html = shellWithPreloads(SHELL, '/officer/87');
    expect(html).toContain('<link rel="preload" as="fetch" href="/api/officers/87" crossorigin="use-credentials">');
    expect(html).toContain('href="/api/reviews/officer/87?page=1&#38;limit=5"');
    expect(html.indexOf('/api/officers/87')).toBeLessThan(html.indexOf('</head>'));
  });

  it('escapes what the visitor typed into the search', () => {
    const html = shellWithPreloads(SHELL, '/search?q=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(html).not.toContain('<script>');
    expect(html).toContain('href="/api/officers/search?q=%22%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E&#38;sortBy=rating&#38;sortOrder=desc"');
  });

  it("preloads a lazily loaded page's code and the chunks it imports, not those of the entry", () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'] },
      '_shared-1.js': { file: 'assets/shared-1.js' },
      'features/officers/officer-page.tsx': { file: 'assets/officer-page-1.js', imports: ['index.html', '_shared-1.js', '_card-1.js'] },
      '_card-1.js': { file: 'assets/card-1.js', imports: ['_shared-1.js'] },
    };
    const html = shellWithPreloads(SHELL, '/officer/87', manifest);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/officer-page-1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/card-1.js">');
    expect(html).not.toContain('shared-1.js');
    expect(html).not.toContain('index-1.js');
    expect(shellWithPreloads(SHELL, '/', manifest)).not.toContain('modulepreload');
  });

  it('preloads only the auth status for a page without a first screen of its own', () => {
    expect(shellWithPreloads(SHELL, '/my-reviews').match(/rel="preload"/g)).toHaveLength(1);
  });
});
