import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { layerAliases } from './layer-aliases.ts';
import { THEME_BOOT_SCRIPT } from './src/core/theme.ts';

const apiPort = Number(process.env.API_PORT ?? 3001);

/**
 * Writes the theme's boot script (src/core/theme.ts) into the head of index.html, first, before the
 * stylesheet: the page's theme is set before its first paint. One text for the HTML and for the
 * Content Security Policy's hash of it (src/server/app.ts).
 */
function themeBootScript(): Plugin {
  return {
    name: 'theme-boot-script',
    transformIndexHtml: () => [{ tag: 'script', children: THEME_BOOT_SCRIPT, injectTo: 'head' }],
  };
}

/**
 * React Router 7's package exports only its development build (dev-time warnings and checks, with
 * their messages): a production build takes the production one the package also ships, 8 KB of gzip
 * less on the first screen, which every visitor parses before the first paint.
 */
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
};

export default defineConfig(({ mode }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), themeBootScript()],
  resolve: { alias: mode === 'production' ? [...layerAliases, reactRouterProduction] : layerAliases },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Maps are written for debugging a build (and error reports) but not linked from the code, and
    // the server never serves them (app.ts): the public gets the minified code only.
    sourcemap: 'hidden',
    // Read by scripts/check-bundle-size.mjs to measure the first screen and each route.
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically (the shell and Home) goes into one chunk: the first
        // screen loads one file, not twenty small ones shared with other routes, and one file
        // compresses better (scripts/check-bundle-size.mjs holds it to the budget).
        // Zod and the form library in one chunk, as the splitter made it until a screen used Zod
        // without forms: it then cut them in two, and every form screen paid a second file and 0.9 KB
        // more of gzip (two files compress worse than one).
        codeSplitting: {
          groups: [
            { name: 'first-screen', tags: ['$initial'] },
            { name: 'forms', test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/__fake-steam': `http://127.0.0.1:${apiPort}` },
  },
}));
