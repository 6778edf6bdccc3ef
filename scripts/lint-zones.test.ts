/**
 * The layer zones of eslint.config.js (docs/decisions/0022-lint-zones.md) refuse the imports the
 * architecture forbids and let the others through. Each case lints one import line as if it were
 * written in the named file, with the zones and resolver the project's lint uses.
 */
import { ESLint } from 'eslint';
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { zoneRules, zoneSettings } from '../eslint.config.js';

const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parser: tseslint.parser },
      plugins: { boundaries },
      settings: zoneSettings,
      rules: { 'boundaries/element-types': ['error', { default: 'allow', rules: zoneRules }] },
    },
  ],
});

async function messagesFor(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\n`, { filePath: file });
  return result!.messages.map((message) => message.message);
}

describe('layer zones', () => {
  it.each([
    ['src/core/rating.ts', "import { buildApp } from '#server/app.js';", 'src/core is shared and pure'],
    ['src/core/rating.ts', "import { cn } from '#web/lib/cn';", 'src/core is shared and pure'],
    ['src/web/features/home/home-page.tsx', "import { MSG } from '#server/platform/errors.js';", 'The web app never imports server code'],
    ['src/server/features/officers/routes.ts', "import { cn } from '#web/lib/cn';", 'The server never imports web code'],
    ['src/server/platform/db/client.ts', "import { hashPassword } from '#server/features/auth/accounts.js';", 'The database layer imports no feature'],
    ['src/server/platform/db/client.ts', "import { canonicalUrl } from '#server/platform/http/canonical-url.js';", 'The database layer imports no feature'],
    [
      'src/web/features/home/home-page.tsx',
      "import { OfficerPage } from '#web/features/officers/officer-page';",
      "A web feature does not reach into another feature's files",
    ],
    ['src/web/components/ui/card.tsx', "import { HomePage } from '#web/features/home/home-page';", 'Shared web code does not depend on features'],
    ['src/web/lib/cn.ts', "import { officerQueryOptions } from '#web/api/officers';", 'web/lib is the bottom of the web app'],
  ])('refuses, in %s: %s', async (file, source, message) => {
    expect(await messagesFor(file, source)).toEqual([expect.stringContaining(message)]);
  });

  it.each([
    ['src/server/features/officers/routes.ts', "import { MSG } from '#core/messages.js';"],
    ['src/web/features/home/home-page.tsx', "import { MSG } from '#core/messages';"],
    ['src/web/features/home/home-page.tsx', "import { cn } from '#web/lib/cn';"],
    ['src/server/platform/db/client.ts', "import { projectRoot } from '#server/platform/paths.js';"],
    ['src/server/seed/demo.ts', "import { hashPassword } from '#server/features/auth/accounts.js';"],
  ])('allows, in %s: %s', async (file, source) => {
    expect(await messagesFor(file, source)).toEqual([]);
  });
});
