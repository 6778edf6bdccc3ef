import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { layerAliases } from './layer-aliases.ts';

export default defineConfig({
  test: {
    // By default Vitest runs as many files at once as there are CPUs less one: one file on this
    // two-core machine, the second core idle while a test waited on the database or rendered.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias: layerAliases },
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'src/core/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One module graph per worker, not per file: importing the app (Fastify, drizzle, the zod
          // schemas) again for each of ~90 files was a third of the server tests' time. Each file
          // still opens its own database and app (test/app.ts), and a test that changes the process
          // (the environment, the clock) puts it back; the one test that reads the process's peak
          // memory starts that peak from its own beginning (platform/db/embedded.test.ts).
          isolate: false,
        },
      },
      {
        plugins: [react()],
        resolve: { alias: layerAliases },
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/web/test/setup.ts'],
          // One jsdom and one module graph per worker, not per file: each file set up its own
          // window and imported React, the router and the screens again, about two thirds of the
          // web tests' time. Files still do not see each other: the setup file clears what a test
          // leaves (the DOM, toasts, mocks, stubbed globals) after every test, and every render
          // makes its own query client (test/render.tsx).
          isolate: false,
          // Whole routes load their lazy chunks through Vite's transform: slow on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
