import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { layerAliases } from './layer-aliases.ts';

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: { alias: layerAliases },
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
        codeSplitting: { groups: [{ name: 'first-screen', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/__fake-steam': `http://127.0.0.1:${apiPort}` },
  },
});
