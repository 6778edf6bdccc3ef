/** What a row's server costs: the CPU time read from /proc (readCpuMs), which the report divides by its requests. */
import { describe, expect, it } from 'vitest';
import { readCpuMs } from './servers.js';

describe('readCpuMs', () => {
  it("follows the process's own CPU time, to the clock tick", () => {
    const before = readCpuMs(process.pid)!;
    const usageBefore = process.cpuUsage();
    // About 100 ms of work on this thread.
    const until = Date.now() + 100;
    let spin = 0;
    while (Date.now() < until) spin++;
    const after = readCpuMs(process.pid)!;
    const usage = process.cpuUsage(usageBefore);
    const usedMs = (usage.user + usage.system) / 1000;
    expect(spin).toBeGreaterThan(0);
    // Ticks of 10 ms on each reading; other threads of the process may add a little.
    expect(after - before).toBeGreaterThanOrEqual(usedMs - 20);
    expect(after - before).toBeLessThanOrEqual(usedMs + 60);
  });

  it('answers null for a process that is not there', () => {
    expect(readCpuMs(2 ** 22 + 12345)).toBeNull();
  });
});
