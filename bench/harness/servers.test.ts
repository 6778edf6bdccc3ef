/** What a row's server costs: the CPU time read from /proc (readCpuMs), which the report divides by its requests. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cpuMsBetween, readCommandCpuMs, readCpuMs } from './servers.js';

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

describe('readCommandCpuMs and cpuMsBetween', () => {
  it("reads every process of a command by pid, this one's as readCpuMs does", () => {
    const command = readFileSync(`/proc/${process.pid}/stat`, 'utf8').match(/\((.*)\)/)![1]!;
    const ownBefore = readCpuMs(process.pid)!;
    const used = readCommandCpuMs(command)!;
    const ownAfter = readCpuMs(process.pid)!;
    expect(used.get(process.pid)).toBeGreaterThanOrEqual(ownBefore);
    expect(used.get(process.pid)).toBeLessThanOrEqual(ownAfter);
    expect(readCommandCpuMs('no-such-command-here')!.size).toBe(0);
  });

  it('adds what each process used between two readings, the whole of one that started between them', () => {
    const before = new Map([
      [10, 100],
      [11, 50],
      [12, 70],
    ]);
    // 10 used 30 ms, 11 none, 12 ended (its time is lost), 13 started and used 25 ms.
    const after = new Map([
      [10, 130],
      [11, 50],
      [13, 25],
    ]);
    expect(cpuMsBetween(before, after)).toBe(55);
  });
});
