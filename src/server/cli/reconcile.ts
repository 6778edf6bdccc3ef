/**
 * npm run db:reconcile [-- --fix]: recomputes every aggregate (and the reviews' positions) from the
 * reviews and votes, reports differences, and with --fix writes the recomputed values. Exit code 1
 * when differences remain.
 */
import { announcePublicDataChanged } from '#server/platform/read-cache/cache-bus.js';
import { openConfiguredDatabase } from '#server/platform/db/open-configured-database.js';
import { recomputeAllAggregates } from '#server/domain/figures/aggregates.js';
import { findAggregateDifferences } from '#server/domain/figures/reconcile.js';
import { refreshCommunityMean } from '#server/domain/ranking-prior.js';

async function main() {
  const fix = process.argv.includes('--fix');
  const handle = await openConfiguredDatabase();
  try {
    const differences = await findAggregateDifferences(handle.db);
    for (const d of differences.slice(0, 50)) {
      console.log(`${d.table}#${d.id}.${d.column}: stored ${d.stored}, recomputed ${d.expected}`);
    }
    if (differences.length > 50) console.log(`... and ${differences.length - 50} more`);
    console.log(`${differences.length} difference(s) found`);
    if (differences.length > 0 && fix) {
      await handle.db.transaction(async (tx) => {
        await recomputeAllAggregates(tx);
        // The rankings' community mean rests on the regiments' figures just fixed: publish it again now
        // rather than at the sites' next refresh (docs/decisions/0030-bayesian-ranking.md).
        await refreshCommunityMean(tx);
      });
      // Running sites on this database keep answers in memory: tell them the figures changed
      // (docs/decisions/0009). An embedded PGlite database is never open in a running site meanwhile.
      if (handle.kind === 'postgres') await announcePublicDataChanged(handle.db);
      const after = await findAggregateDifferences(handle.db);
      console.log(`fixed; ${after.length} difference(s) remain`);
      process.exitCode = after.length === 0 ? 0 : 1;
    } else {
      process.exitCode = differences.length === 0 ? 0 : 1;
    }
  } finally {
    await handle.close();
  }
}

await main();
