// The house rules that can be checked, checked on every `npm test` (docs/decisions/0022-lint-zones.md).
// Layer zones come from ARCHITECTURE.md: core is pure and shared; the server and the web app never
// import each other; the database layer knows nothing of features or HTTP; a web feature keeps to
// its own folder and reaches shared code only through components, lib and api.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import drizzle from 'eslint-plugin-drizzle';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The zones of the layout, most specific first (boundaries takes the first pattern that matches). */
export const elements = [
  { type: 'core', pattern: 'src/core' },
  // The server's floors (ARCHITECTURE.md): platform <- adapters <- domain <- features and pages <- composition.
  { type: 'server-db', pattern: 'src/server/platform/db' },
  // What the platform serves HTTP with (plugins, the response cache): the database layer is below it.
  { type: 'server-http', pattern: 'src/server/platform/(http|read-cache)' },
  { type: 'server-platform', pattern: 'src/server/platform' },
  { type: 'server-adapters', pattern: 'src/server/adapters' },
  { type: 'server-domain', pattern: 'src/server/domain' },
  { type: 'server-feature', pattern: 'src/server/features/*', capture: ['feature'] },
  { type: 'server-pages', pattern: 'src/server/pages' },
  { type: 'server-test-doubles', pattern: 'src/server/test-doubles' },
  // The one explicit place that starts a test double outside the tests (the demo's fake Steam).
  { type: 'server-dev-doubles', pattern: 'src/server/dev-doubles.ts', mode: 'file' },
  { type: 'server-test-support', pattern: 'src/server/test' },
  // Composition: app.ts, main.ts, the CLI and the demo seed, which put the floors together.
  { type: 'server', pattern: 'src/server' },
  { type: 'web-app', pattern: 'src/web/app' },
  { type: 'web-feature', pattern: 'src/web/features/*', capture: ['feature'] },
  { type: 'web-api', pattern: 'src/web/api' },
  { type: 'web-lib', pattern: 'src/web/lib' },
  { type: 'web-components', pattern: 'src/web/components' },
  { type: 'web-test', pattern: 'src/web/test' },
  { type: 'web', pattern: 'src/web' },
  { type: 'tooling', pattern: '(e2e|bench|scripts)' },
];

const serverZones = [
  'server',
  'server-db',
  'server-http',
  'server-platform',
  'server-adapters',
  'server-domain',
  'server-feature',
  'server-pages',
  'server-test-doubles',
  'server-dev-doubles',
  'server-test-support',
];
const webZones = ['web', 'web-app', 'web-feature', 'web-api', 'web-lib', 'web-components', 'web-test'];
/** What only tests may use: the test support (which starts the whole app) and the test doubles. */
const testOnly = ['server-test-support', 'server-test-doubles'];
/** The floors above the platform, and what composes them. */
const aboveDomain = ['server-feature', 'server-pages', 'server', 'server-dev-doubles'];

export const zoneRules = [
  {
    from: 'core',
    disallow: [...serverZones, ...webZones, 'tooling'],
    message: 'src/core is shared and pure: it imports nothing of the server or the web app.',
  },
  { from: webZones, disallow: serverZones, message: 'The web app never imports server code: share it through src/core.' },
  { from: serverZones, disallow: webZones, message: 'The server never imports web code: share it through src/core.' },
  {
    from: 'server-db',
    disallow: ['server-http', 'server-adapters', 'server-domain', ...aboveDomain, ...testOnly],
    message: 'The database layer imports no feature, domain, HTTP or read-cache module.',
  },
  {
    from: ['server-platform', 'server-http', 'server-adapters'],
    disallow: ['server-domain', ...aboveDomain, ...testOnly],
    message: 'The platform floor knows no domain, feature or page: platform/ and adapters/ import only each other and core.',
  },
  {
    from: 'server-domain',
    disallow: [...aboveDomain, ...testOnly],
    message: 'The domain floor imports no feature or page: move what a feature and the domain share down into domain/.',
  },
  {
    from: 'server-feature',
    disallow: [['server-feature', { feature: '!${from.feature}' }], 'server-pages', 'server', 'server-dev-doubles', ...testOnly],
    message: 'No feature imports another feature: move what both need into domain/ (or platform/), and let app.ts compose them.',
  },
  {
    from: 'server-pages',
    disallow: ['server-feature', 'server', 'server-dev-doubles', ...testOnly],
    message: 'The pages import no feature: what a page shows of a row comes from domain/.',
  },
  {
    from: ['server', 'server-test-doubles'],
    disallow: testOnly,
    message: 'Test doubles and test support are for the tests: only src/server/dev-doubles.ts starts a double outside them.',
  },
  {
    from: 'server-dev-doubles',
    disallow: ['server-test-support'],
    message: 'Test doubles and test support are for the tests: only src/server/dev-doubles.ts starts a double outside them.',
  },
  {
    from: 'web-feature',
    disallow: [['web-feature', { feature: '!${from.feature}' }]],
    message: "A web feature does not reach into another feature's files: move what both need to components, lib or api.",
  },
  {
    from: ['web-lib', 'web-components', 'web-api'],
    disallow: ['web-feature', 'web-app'],
    message: 'Shared web code does not depend on features or the app shell.',
  },
  {
    from: 'web-lib',
    disallow: ['web-api', 'web-components'],
    message: 'web/lib is the bottom of the web app: the API client and helpers, with no queries or components.',
  },
];

/**
 * The same rules for test files, which may also start the whole app and the test doubles (test
 * support, app.ts, the demo seed): a test of any floor may run the app around it. A test still may
 * not reach into another feature's files or a floor above its own through anything else.
 */
export const testZoneRules = zoneRules.map((rule) =>
  rule.from === 'core' || (Array.isArray(rule.from) ? rule.from : [rule.from]).some((zone) => zone.startsWith('web'))
    ? rule
    : // A database test may start the app to watch the database under it (embedded memory, the migration lock).
      {
        ...rule,
        disallow: rule.disallow.filter(
          (zone) => !testOnly.includes(zone) && zone !== 'server' && !(rule.from === 'server-db' && zone === 'server-http'),
        ),
      },
);

/** Where the zones apply and how imports are resolved (the aliases of tsconfig.json). */
export const zoneSettings = {
  'boundaries/elements': elements,
  'boundaries/include': ['src/**/*'],
  'import/resolver': { typescript: { project: './tsconfig.json' } },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      'backups/**',
      'src/server/platform/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused names are noise; a leading underscore says "on purpose".
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Fastify handlers and React event props take promise-returning functions by design.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      '@typescript-eslint/only-throw-error': 'error',
      // Fastify plugins and hooks are async by contract (a hook either returns a promise or takes
      // done), whether or not they await anything.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read answers parsed from JSON (inject's json(), fetch's json()) and check them with
    // assertions; typing every one of them would add casts, not safety. Spies are passed unbound.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'src/server/test/**/*.ts', 'src/web/test/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: zoneSettings,
    rules: { 'boundaries/element-types': ['error', { default: 'allow', rules: zoneRules }] },
  },
  {
    files: ['src/server/**/*.test.ts'],
    rules: { 'boundaries/element-types': ['error', { default: 'allow', rules: testZoneRules }] },
  },
  {
    // The web bundles what it imports: MSG gathers every area's messages (the server's too), so
    // importing it puts them all in the first screen. The web, and core code the web uses, import
    // the areas they show (authMessages, homeMessages, ...).
    files: ['src/web/**/*.{ts,tsx}', 'src/core/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'src/core/messages.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['#core/messages', '#core/messages.js', './messages.js'].map((name) => ({
            name,
            importNames: ['MSG'],
            message:
              "Import the area's messages (authMessages, homeMessages, ...): MSG holds every area and would put them all in the web's first screen.",
          })),
        },
      ],
    },
  },
  {
    // A browser test waits for a positive signal (a response, an element's state), never a fixed time.
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: 'Wait for a positive signal (a response, an element state, expect.poll), not a fixed time.',
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts', 'bench/**/*.ts'],
    plugins: { drizzle },
    rules: {
      // An update or delete without a where clause rewrites or empties a whole table.
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx', 'executor', 'database'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx', 'executor', 'database'] }],
    },
  },
);
