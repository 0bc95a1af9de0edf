/**
 * Issue 8's API latency goal ("p99 under 20 ms at 1,000 requests/second"): the filtered listing and a bare
 * Fastify route, each in a server process of its own (bench/instance.ts; the listing on the catalogue section's
 * SQLite file), sent requests at a fixed rate by this process.
 *
 * The load is open-loop: request i is due at i / rate seconds, sent then (keep-alive connections of the lean
 * client, bench/lean-http-client.ts, as many as the requests in flight need) whether or not earlier ones have
 * answered, and its latency counts from when it was due, so a server (or a client) that falls behind shows in
 * the latency instead of slowing the load down.
 * autocannon's overallRate is not used for this: each of its connections sends back-to-back until it has made
 * its share of the second, then waits for the next 1-second tick (lib/httpClient.js), which is a burst of
 * closed-loop load each second rather than a steady rate, and its correction for that uses a 1 ms interval.
 *
 * A measured run (`settledOpenLoop`) first waits for the hypervisor to stop taking CPU from this machine and
 * reports the share it took during the run beside the latencies (bench/cpu-steal.ts says why); a run it took
 * 5% or more from is printed as set aside and run again, at most 3 runs in all.
 */
import { QUIET_STEAL_PERCENT, readCpuTimes, stealPercent, waitForQuietCpu } from './cpu-steal';
import { LeanHttpClient } from './lean-http-client';
import { percentile, ratio } from './stats';

export interface FixedRateFigures {
  rate: number;
  /** Responses per second: answered requests over the time from the first due one to the last answer. */
  achieved: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
}

const REQUEST_TIMEOUT_MS = 10_000;

/** How many requests are due `elapsedMs` after the start at `rate` per second (the first is due at 0). */
export function dueCount(elapsedMs: number, rate: number): number {
  if (elapsedMs < 0) return 0;
  return Math.floor((elapsedMs * rate) / 1000) + 1;
}

/** The figures of one run from its latencies (ms, answered requests), counts and wall time. */
export function fixedRateFigures(
  rate: number,
  latencies: readonly number[],
  counts: { non2xx: number; errors: number },
  wallMs: number,
): FixedRateFigures {
  return {
    rate,
    achieved: wallMs > 0 ? latencies.length / (wallMs / 1000) : 0,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    ...counts,
  };
}

/** `rate` requests per second for `seconds` to `url` (GET), open-loop, sent by the lean client (bench/lean-http-client.ts). */
export async function openLoop(url: string, rate: number, seconds: number): Promise<FixedRateFigures> {
  const target = new URL(url);
  const client = new LeanHttpClient(target.origin, REQUEST_TIMEOUT_MS);
  const request = client.request(`${target.pathname}${target.search}`);
  const total = Math.max(1, Math.round(rate * seconds));
  const latencies: number[] = [];
  const counts = { non2xx: 0, errors: 0 };
  const requests: Array<Promise<void>> = [];
  const send = async (due: number) => {
    const result = await client.get(request);
    if (result === 'error') {
      counts.errors++;
      return;
    }
    latencies.push(performance.now() - due);
    if (result < 200 || result > 299) counts.non2xx++;
  };

  const t0 = performance.now();
  let sent = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const due = Math.min(total, dueCount(performance.now() - t0, rate));
      for (; sent < due; sent++) requests.push(send(t0 + (sent * 1000) / rate));
      if (sent < total) setTimeout(tick, 1);
      else done();
    };
    tick();
  });
  await Promise.all(requests);
  const wallMs = performance.now() - t0;
  client.close();
  return fixedRateFigures(rate, latencies, counts, wallMs);
}

/** A measured run: its figures, the CPU the hypervisor took during it (%, null off Linux) and the wait before it. */
export interface SettledRun extends FixedRateFigures {
  steal: number | null;
  settledMs: number;
  /** Earlier runs set aside because the hypervisor took DISTURBED_STEAL_PERCENT or more during them. */
  disturbed: Array<{ p99: number; steal: number }>;
}

/** A run during which the hypervisor took this share of the machine or more is run again (%). */
export const DISTURBED_STEAL_PERCENT = 5;
const RUN_ATTEMPTS = 3;

/**
 * `openLoop` once the machine is quiet (bench/cpu-steal.ts), with the steal of its own seconds; a run the
 * hypervisor disturbed (DISTURBED_STEAL_PERCENT or more stolen) runs again, up to RUN_ATTEMPTS in all, and
 * stays in the figures as set aside. The last run counts, disturbed or not.
 */
export async function settledOpenLoop(url: string, rate: number, seconds: number): Promise<SettledRun> {
  const disturbed: SettledRun['disturbed'] = [];
  for (let attempt = 1; ; attempt++) {
    const { waitedMs } = await waitForQuietCpu();
    const before = readCpuTimes();
    const figures = await openLoop(url, rate, seconds);
    const steal = stealPercent(before, readCpuTimes());
    if (steal === null || steal < DISTURBED_STEAL_PERCENT || attempt === RUN_ATTEMPTS) {
      return { ...figures, steal, settledMs: waitedMs, disturbed };
    }
    disturbed.push({ p99: figures.p99, steal });
  }
}

/** Table rows: achieved rate, p50, p99 and failures, Souk beside the bare route. */
export function fixedRateRows(run: { listing: SettledRun; bare: SettledRun }): string[][] {
  const { listing: s, bare: b } = run;
  const at = `at ${s.rate.toLocaleString('en')} req/s (open loop)`;
  return [
    [`API ${at}: achieved req/s, listing vs bare`, s.achieved.toFixed(0), b.achieved.toFixed(0), ratio(s.achieved, b.achieved)],
    [`API ${at}: p50 ms`, s.p50.toFixed(2), b.p50.toFixed(2), ratio(s.p50, b.p50)],
    [`API ${at}: p99 ms (goal: listing under 20)`, s.p99.toFixed(2), b.p99.toFixed(2), ratio(s.p99, b.p99)],
    [`API ${at}: non-2xx / errors`, `${s.non2xx} / ${s.errors}`, `${b.non2xx} / ${b.errors}`, 'n/a'],
    [`API ${at}: CPU the hypervisor took during the run, % (s waited first for under ${QUIET_STEAL_PERCENT}%)`, stealText(s), stealText(b), 'n/a'],
    [`API ${at}: runs set aside, ${DISTURBED_STEAL_PERCENT}% or more taken (p99 ms @ % taken)`, disturbedText(s), disturbedText(b), 'n/a'],
  ];
}

function stealText(run: SettledRun): string {
  return `${run.steal === null ? 'n/a' : run.steal.toFixed(1)} (${(run.settledMs / 1000).toFixed(1)})`;
}

function disturbedText(run: SettledRun): string {
  return run.disturbed.length === 0 ? 'none' : run.disturbed.map((d) => `${d.p99.toFixed(1)} @ ${d.steal.toFixed(1)}`).join('; ');
}
