/**
 * The one place that starts test doubles outside the tests: the fake Steam of the embedded demo
 * (FAKE_STEAM), at /__fake-steam on the site itself. main.ts loads this module only when the fake is
 * wanted; the production build leaves it and test-doubles/ out (tsconfig.server.json), and the demo
 * and the browser tests build them beside it (npm run build:doubles, tsconfig.doubles.json).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '#server/platform/config.js';
import { FAKE_STEAM_PREFIX, fakeSteamConfig, fakeSteamPlugin } from '#server/test-doubles/fake-steam.js';

export function fakeSteamDouble(config: Config): { config: Config; plugin: FastifyPluginAsync } {
  const steam = fakeSteamConfig(config.publicUrl);
  return {
    config: { ...config, steam },
    plugin: async (app) => {
      await app.register(fakeSteamPlugin, { prefix: FAKE_STEAM_PREFIX, endpointUrl: steam.openIdUrl, publicUrl: config.publicUrl });
    },
  };
}
