/**
 * The layer zones of eslint.config.js (docs/decisions/0022-lint-zones.md) refuse the imports the
 * architecture forbids and let the others through. Each case lints one import line as if it were
 * written in the named file, with the zones and resolver the project's lint uses.
 */
import { ESLint } from 'eslint';
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { testZoneRules, zoneRules, zoneSettings } from '../eslint.config.js';

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
    {
      files: ['src/server/**/*.test.ts'],
      rules: { 'boundaries/element-types': ['error', { default: 'allow', rules: testZoneRules }] },
    },
  ],
});

async function messagesFor(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\n`, { filePath: file });
  return result!.messages.map((message) => message.message);
}

const FEATURE_TO_FEATURE = 'No feature imports another feature';
const PLATFORM_UP = 'The platform floor knows no domain, feature or page';
const DOMAIN_UP = 'The domain floor imports no feature or page';
const TEST_ONLY = 'Test doubles and test support are for the tests';

describe('layer zones', () => {
  it.each([
    ['src/core/rating.ts', "import { buildApp } from '#server/app.js';", 'src/core is shared and pure'],
    ['src/core/rating.ts', "import { cn } from '#web/lib/cn';", 'src/core is shared and pure'],
    ['src/web/features/home/home-page.tsx', "import { MSG } from '#server/platform/errors.js';", 'The web app never imports server code'],
    ['src/server/features/officers/routes.ts', "import { cn } from '#web/lib/cn';", 'The server never imports web code'],
    [
      'src/server/platform/db/client.ts',
      "import { hashPassword } from '#server/features/auth/accounts.js';",
      'The database layer imports no feature',
    ],
    [
      'src/server/platform/db/client.ts',
      "import { canonicalUrl } from '#server/platform/http/canonical-url.js';",
      'The database layer imports no feature',
    ],
    ['src/server/platform/db/client.ts', "import { requireUser } from '#server/domain/identity/guards.js';", 'The database layer imports no feature'],
    // No feature imports another: not its code, not its tests.
    ['src/server/features/reviews/review-writes.ts', "import { getOfficerById } from '#server/features/officers/queries.js';", FEATURE_TO_FEATURE],
    ['src/server/features/users/routes.ts', "import { listUserReviews } from '../reviews/queries.js';", FEATURE_TO_FEATURE],
    ['src/server/features/officers/officers.test.ts', "import { findOfficerCardData } from '#server/features/cards/routes.js';", FEATURE_TO_FEATURE],
    ['src/server/features/officers/routes.ts', "import { pagesPlugin } from '#server/pages/pages-plugin.js';", FEATURE_TO_FEATURE],
    ['src/server/features/officers/routes.ts', "import { buildApp } from '#server/app.js';", FEATURE_TO_FEATURE],
    // Nothing runs back up the floors.
    ['src/server/platform/read-cache/plugin.ts', "import { requireUser } from '#server/domain/identity/guards.js';", PLATFORM_UP],
    ['src/server/platform/http/health.ts', "import { reviewRoutes } from '#server/features/reviews/routes.js';", PLATFORM_UP],
    ['src/server/platform/read-cache/store.ts', "import { readPageShell } from '#server/pages/page-shell.js';", PLATFORM_UP],
    ['src/server/adapters/mail/mailer.ts', "import { notify } from '#server/domain/notify/notify.js';", PLATFORM_UP],
    ['src/server/platform/read-cache/route-policy.test.ts', "import { cacheTags } from '#server/domain/catalogue/catalogue.js';", PLATFORM_UP],
    ['src/server/domain/figures/aggregates.ts', "import { createReview } from '#server/features/reviews/review-writes.js';", DOMAIN_UP],
    ['src/server/domain/card-data.ts', "import { readPageShell } from '#server/pages/page-shell.js';", DOMAIN_UP],
    ['src/server/pages/pages-plugin.ts', "import { cardRoutes } from '#server/features/cards/routes.js';", 'The pages import no feature'],
    // The test doubles are for the tests, and dev-doubles.ts alone starts one outside them.
    ['src/server/main.ts', "import { fakeSteamPlugin } from '#server/test-doubles/fake-steam.js';", TEST_ONLY],
    ['src/server/app.ts', "import { FakeAuthEmulator } from '#server/test-doubles/fake-auth-emulator.js';", TEST_ONLY],
    ['src/server/features/steam/link.ts', "import { fakeSteamConfig } from '#server/test-doubles/fake-steam.js';", FEATURE_TO_FEATURE],
    ['src/server/platform/config.ts', "import { fakeSteamConfig } from '#server/test-doubles/fake-steam.js';", PLATFORM_UP],
    ['src/server/domain/identity/sessions.ts', "import { createUser } from '#server/test/fixtures.js';", DOMAIN_UP],
    ['src/server/dev-doubles.ts', "import { createUser } from '#server/test/fixtures.js';", TEST_ONLY],
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
    ['src/server/features/officers/routes.ts', "import { requireUser } from '#server/domain/identity/guards.js';"],
    ['src/server/features/officers/routes.ts', "import { getOfficerById } from './queries.js';"],
    ['src/server/domain/figures/aggregates.ts', "import { queryRows } from '#server/platform/db/client.js';"],
    ['src/server/pages/pages-plugin.ts', "import { findOfficerCardData } from '#server/domain/card-data.js';"],
    ['src/server/seed/demo.ts', "import { hashPassword } from '#server/features/auth/accounts.js';"],
    ['src/server/dev-doubles.ts', "import { fakeSteamPlugin } from '#server/test-doubles/fake-steam.js';"],
    // A test may start the whole app and use the test doubles, whatever its floor.
    ['src/server/features/steam/steam.test.ts', "import { fakeSteamPlugin } from '#server/test-doubles/fake-steam.js';"],
    ['src/server/platform/db/embedded.test.ts', "import { buildApp } from '#server/app.js';"],
    ['src/server/platform/db/embedded.test.ts', "import { Metrics } from '#server/platform/http/metrics.js';"],
    ['src/server/domain/catalogue/search-engine.test.ts', "import { createTestContext } from '#server/test/app.js';"],
  ])('allows, in %s: %s', async (file, source) => {
    expect(await messagesFor(file, source)).toEqual([]);
  });
});
