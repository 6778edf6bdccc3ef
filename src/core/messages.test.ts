import { describe, expect, it } from 'vitest';
import { MSG } from './messages';

/** Every text of the catalogue with its key path; a template is read with a placeholder in each gap. */
function catalogueTexts(node: unknown, path: string[] = []): Array<{ key: string; text: string }> {
  if (typeof node === 'string') return [{ key: path.join('.'), text: node }];
  if (typeof node === 'function') {
    const placeholders = Array.from({ length: node.length }, (_, i) => `{${i}}`);
    return [{ key: path.join('.'), text: String((node as (...args: unknown[]) => unknown)(...placeholders)) }];
  }
  if (node !== null && typeof node === 'object') {
    return Object.entries(node).flatMap(([key, child]) => catalogueTexts(child, [...path, key]));
  }
  throw new Error(`${path.join('.')} is neither a text, a template nor a group`);
}

describe('the message catalogue', () => {
  const texts = catalogueTexts(MSG);

  it('holds texts', () => {
    expect(texts.length).toBeGreaterThan(200);
    for (const { key, text } of texts) expect(text.trim(), key).not.toBe('');
  });

  it('defines each text once: no two keys (aliases) for the same words', () => {
    const keysByText = new Map<string, string[]>();
    for (const { key, text } of texts) keysByText.set(text, [...(keysByText.get(text) ?? []), key]);
    const repeated = [...keysByText].filter(([, keys]) => keys.length > 1).map(([text, keys]) => `${JSON.stringify(text)}: ${keys.join(', ')}`);
    expect(repeated).toEqual([]);
  });

  it('fills the gaps of a template', () => {
    expect(MSG.admin.banFailed(7)).toBe('Failed to ban user ID 7.');
    expect(MSG.csrf.fetchFailed(502, 'Bad Gateway')).toBe('Failed to fetch CSRF token: 502 Bad Gateway');
  });
});
