import { describe, expect, it } from 'vitest';
import { SCREEN_MODULES } from '#core/client-routes';
import { lazyScreen, routes, screenFiles } from './routes';

describe('the screens the router loads', () => {
  it('loads every screen from the module SCREEN_MODULES names, and that module exists', () => {
    // A renamed page file: routes.tsx throws on import, naming the module, before this runs.
    const files = new Set(screenFiles());
    const missing = Object.values(SCREEN_MODULES).filter((module) => !files.has(module));
    expect(missing, 'modules in SCREEN_MODULES (src/core/client-routes.ts) with no file under src/web').toEqual([]);
  });

  it('has no screen file that SCREEN_MODULES does not name', () => {
    const named = new Set<string>(Object.values(SCREEN_MODULES));
    expect(screenFiles().filter((file) => !named.has(file))).toEqual([]);
  });

  it('gives the router the module of each screen, as the server names it for preloads', async () => {
    const officer = routes[0]!.children!.find((route) => route.path === 'officer/:id');
    expect(officer?.lazy).toBe(lazyScreen('officer'));
    const loaded = await lazyScreen('officer')();
    expect(loaded).toHaveProperty('Component');
  });
});
