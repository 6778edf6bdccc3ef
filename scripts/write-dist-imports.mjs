// The built server's own package.json (dist/node/package.json): its layer aliases (#core, #server)
// name the compiled files beside it, where the project's package.json names the sources (for tsx and
// the other tools run from source, whatever their working folder). Node reads the nearest
// package.json, so the build never reaches into src/ and a run from source never into dist/.
import { writeFileSync } from 'node:fs';

writeFileSync(
  new URL('../dist/node/package.json', import.meta.url),
  `${JSON.stringify({ type: 'module', imports: { '#core/*': './core/*', '#server/*': './server/*' } }, null, 2)}\n`,
);
