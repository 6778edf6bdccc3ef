/**
 * npm run bench:card
 *
 * The uncached drawing time of the link-preview card (issue 19, item 1: under 50 ms), one card at a
 * time so no draw waits for another: the officer's row read, its SVG written and drawn to PNG, for
 * BENCH_CARDS officers of the benchmark dataset (default 200) in the sample's fixed order. Prints the
 * read and draw times (p50, p95, max), the CPU time a draw takes, and the PNG sizes; the officer-card and longtail-officer-card
 * scenarios of `npm run bench` measure the cards under load. DATABASE_URL as for `npm run bench`.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { findOfficerCardData } from '#server/domain/card-data.js';
import { officerCardSvg } from '#server/features/cards/card-svg.js';
import { drawPng } from '#server/features/cards/draw-card.js';
import { openBenchDatabase, readDatasetFacts } from './harness/fixtures.js';
import { BROAD_SEARCH_TERMS } from './harness/scenarios.js';

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summary(label: string, values: number[], unit = 'ms') {
  const sorted = [...values].sort((a, b) => a - b);
  const f = (v: number) => (unit === 'ms' ? v.toFixed(1) : String(Math.round(v)));
  console.log(
    `${label.padEnd(22)} p50 ${f(percentile(sorted, 50))} ${unit}  p95 ${f(percentile(sorted, 95))} ${unit}  max ${f(sorted.at(-1)!)} ${unit}`,
  );
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must point at the benchmark dataset (npm run bench:data)');
  const count = Number(process.env.BENCH_CARDS ?? 200);
  const database = await openBenchDatabase(url);
  try {
    const facts = await readDatasetFacts(database.db, count, BROAD_SEARCH_TERMS);
    // The first draw loads the fonts and librsvg: measured apart, as a process pays it once.
    const first = await findOfficerCardData(database.db, facts.officers[0]!.id);
    const started = performance.now();
    await drawPng(officerCardSvg(first!));
    console.log(`first draw of the process: ${(performance.now() - started).toFixed(1)} ms`);
    const reads: number[] = [];
    const draws: number[] = [];
    const sizes: number[] = [];
    // The process's CPU time over the draws alone (all its threads, libvips's included): unlike the
    // wall-clock times, it does not grow when other processes share the CPUs.
    let drawCpuMicros = 0;
    for (const { id } of facts.officers) {
      const t0 = performance.now();
      const officer = await findOfficerCardData(database.db, id);
      const t1 = performance.now();
      const cpu = process.cpuUsage();
      const png = await drawPng(officerCardSvg(officer!));
      const spent = process.cpuUsage(cpu);
      drawCpuMicros += spent.user + spent.system;
      draws.push(performance.now() - t1);
      reads.push(t1 - t0);
      sizes.push(png.length);
    }
    console.log(
      `${facts.officers.length} officer cards, one at a time; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${os.cpus().length} CPUs`,
    );
    summary('row read', reads);
    summary('draw (SVG -> PNG)', draws);
    console.log(`${'draw, CPU time'.padEnd(22)} ${(drawCpuMicros / 1000 / facts.officers.length).toFixed(1)} ms per card (mean)`);
    summary('PNG size', sizes, 'B');
  } finally {
    await database.close();
  }
}

await main();
