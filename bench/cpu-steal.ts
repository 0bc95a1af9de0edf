/**
 * CPU time the hypervisor took from this virtual machine ("steal", the 8th figure of /proc/stat's `cpu` line).
 *
 * Why the fixed-rate runs read it: this machine is a VM whose host takes CPU back, most of all after a stretch of
 * full load (the seed, the closed-loop runs). A request that arrives while the host holds the server's core waits
 * for the whole theft, and at 1,000 req/s a single 50 ms theft is the p99 of a 5 s run by itself. In one series
 * of runs of the same code, the run with 12% of the machine's CPU stolen had a p99 of 18.7 ms and a 47 ms worst
 * request; the runs around it, 0.4–4% stolen, 3–5.5 ms. (The larger and steadier cause of the p99 spikes of
 * earlier sessions was the load generator's own GC; bench/lean-http-client.ts says how.) So each measured run
 * first waits for a quiet second (`waitForQuietCpu`) and prints the steal of its own seconds beside its
 * latencies: a p99 measured while the host took a tenth of the machine says so.
 *
 * Linux only; elsewhere every reading is null and nothing waits.
 */
import { readFileSync } from 'node:fs';

export interface CpuTimes {
  /** Clock ticks stolen from all CPUs since boot. */
  steal: number;
  /** Clock ticks of every kind (user … steal; guest time is already inside user) on all CPUs since boot. */
  total: number;
}

/** The aggregate `cpu` line of /proc/stat's text, or null when it has none. */
export function parseCpuTimes(procStat: string): CpuTimes | null {
  const line = procStat.split('\n').find((l) => l.startsWith('cpu '));
  if (!line) return null;
  const fields = line.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal [guest guest_nice]: guest is counted in user already.
  const counted = fields.slice(0, 8);
  if (counted.length < 8 || counted.some((n) => !Number.isFinite(n))) return null;
  return { steal: counted[7]!, total: counted.reduce((a, b) => a + b, 0) };
}

export function readCpuTimes(): CpuTimes | null {
  try {
    return parseCpuTimes(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return null;
  }
}

/** Steal between two readings, in % of all CPU time in between (null when either is missing or no time passed). */
export function stealPercent(before: CpuTimes | null, after: CpuTimes | null): number | null {
  if (!before || !after) return null;
  const total = after.total - before.total;
  return total > 0 ? (100 * (after.steal - before.steal)) / total : null;
}

/** The share of steal under which the machine counts as quiet, in %. */
export const QUIET_STEAL_PERCENT = 2;
const QUIET_WINDOW_MS = 1_000;
const QUIET_MAX_WAIT_MS = 15_000;

/**
 * Waits until a whole second passes with under QUIET_STEAL_PERCENT stolen, at most `maxMs`; answers how long it
 * waited (ms) and the last second's steal (null off Linux, where it answers at once).
 */
export async function waitForQuietCpu(maxMs = QUIET_MAX_WAIT_MS): Promise<{ waitedMs: number; lastSteal: number | null }> {
  const t0 = performance.now();
  let before = readCpuTimes();
  if (!before) return { waitedMs: 0, lastSteal: null };
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, QUIET_WINDOW_MS));
    const after = readCpuTimes();
    const steal = stealPercent(before, after);
    const waitedMs = performance.now() - t0;
    if (steal === null || steal < QUIET_STEAL_PERCENT || waitedMs >= maxMs) return { waitedMs, lastSteal: steal };
    before = after;
  }
}
