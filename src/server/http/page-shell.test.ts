import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { readPageShell, shellWithPreloads } from './page-shell.js';

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
    expect(html).toContain('href="/api/search/officers?q=%22%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E&#38;sortBy=rating&#38;sortOrder=desc"');
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

  it('is answered compressed with an ETag, 304 when the browser has it, each page with its own preloads', async () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'wor-shell-'));
    try {
      // As large as the real shell: answers under 1 KB are not worth compressing.
      const html = SHELL.replace('<title>', `<meta name="description" content="${'War of Rights officers. '.repeat(40)}"><title>`);
      writeFileSync(path.join(webRoot, 'index.html'), html);
      mkdirSync(path.join(webRoot, '.vite'));
      writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/index-1.js', isEntry: true } }));
      const shell = readPageShell(webRoot);
      const app = Fastify();
      app.setNotFoundHandler((request, reply) => shell.send(request, reply));

      const first = await app.inject({ url: '/officer/87', headers: { 'accept-encoding': 'br' } });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(first.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(first.rawPayload).toString()).toBe(shellWithPreloads(html, '/officer/87'));

      const again = await app.inject({ url: '/officer/87', headers: { 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode).toBe(304);
      const other = await app.inject({ url: '/officer/88' });
      expect(other.headers.etag).not.toBe(first.headers.etag);
      expect(other.body).toContain('href="/api/officers/88"');
      await app.close();
    } finally {
      rmSync(webRoot, { recursive: true, force: true });
    }
  });
});
