// Fails the test run when the web build grows past its budget (the performance issue's targets):
// the first screen's JavaScript (entry chunk, everything it imports statically, and the home route
// with its static imports) at most 130 KB gzip; every other route chunk at most 60 KB gzip.
// The home route is bundled into the entry (src/web/app/routes.tsx); should it become lazy again,
// its chunk still counts here, because the first screen cannot render without it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = 'dist/web';
const FIRST_SCREEN_BUDGET = 130 * 1024;
const ROUTE_CHUNK_BUDGET = 60 * 1024;
const manifest = JSON.parse(readFileSync(path.join(root, '.vite', 'manifest.json'), 'utf8'));

const gzipSize = (file) => gzipSync(readFileSync(path.join(root, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** A chunk and every chunk it imports statically (what the browser must load before it runs). */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) staticClosure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const homeKey = Object.keys(manifest).find((key) => key.endsWith('features/home/home-page.tsx'));
if (!entryKey) throw new Error('entry chunk not found in the Vite manifest');

const firstScreen = new Set([...staticClosure(entryKey), ...(homeKey ? staticClosure(homeKey) : [])]);
const firstScreenBytes = [...firstScreen].reduce((sum, key) => sum + gzipSize(manifest[key].file), 0);

const failures = [];
console.log(`first screen JavaScript: ${kb(firstScreenBytes)} gzip (budget ${kb(FIRST_SCREEN_BUDGET)}), ${firstScreen.size} chunks`);
if (firstScreenBytes > FIRST_SCREEN_BUDGET) failures.push(`first screen ${kb(firstScreenBytes)} > ${kb(FIRST_SCREEN_BUDGET)}`);

// Route chunks: each screen of the route table, with what it adds beyond the first screen when a
// visitor navigates to it (dialogs loaded on demand, like an admin's edit form, are not routes).
const isRoute = (key) => /features\/[^/]+\/[^/]+-page\.tsx$/.test(key) || key.endsWith('app/not-found.tsx');
const routeKeys = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && isRoute(key) && key !== homeKey);
for (const key of routeKeys) {
  const own = [...staticClosure(key)].filter((k) => !firstScreen.has(k));
  const bytes = own.reduce((sum, k) => sum + gzipSize(manifest[k].file), 0);
  if (bytes > ROUTE_CHUNK_BUDGET) failures.push(`${key}: ${kb(bytes)} > ${kb(ROUTE_CHUNK_BUDGET)}`);
}
const largest = routeKeys
  .map((key) => [key, [...staticClosure(key)].filter((k) => !firstScreen.has(k)).reduce((s, k) => s + gzipSize(manifest[k].file), 0)])
  .sort((a, b) => b[1] - a[1])[0];
if (largest) console.log(`largest other route: ${largest[0]} ${kb(largest[1])} gzip (budget ${kb(ROUTE_CHUNK_BUDGET)})`);

if (failures.length > 0) {
  console.error(`Bundle budget exceeded:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
