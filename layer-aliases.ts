/**
 * The layer aliases (#core, #server, #web) for Vite and Vitest, as tsconfig.json's `paths` declares
 * them for the type-checker and tsx, and package.json's `imports` for the built server under Node.
 */
import { fileURLToPath } from 'node:url';

const src = fileURLToPath(new URL('./src/', import.meta.url));

export const layerAliases = ['core', 'server', 'web'].map((layer) => ({
  find: new RegExp(`^#${layer}/`),
  replacement: `${src}${layer}/`,
}));
