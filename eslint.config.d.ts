// Types of eslint.config.js's named exports, for scripts/lint-zones.test.ts.
import type { Linter } from 'eslint';

export declare const elements: ReadonlyArray<{ type: string; pattern: string; mode?: string; capture?: string[] }>;
export declare const zoneRules: ReadonlyArray<{ from: string | string[]; disallow: unknown[]; message: string }>;
export declare const testZoneRules: ReadonlyArray<{ from: string | string[]; disallow: unknown[]; message: string }>;
export declare const zoneSettings: Record<string, unknown>;
declare const config: Linter.Config[];
export default config;
