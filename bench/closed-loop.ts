/**
 * Issue 8's API throughput goal ("GET /api/products/all with filters at least 40% of the requests/second of a
 * bare Fastify route in the same run"): `connections` requests kept in flight back to back for `seconds`, each
 * sent again as soon as its answer is in (closed loop), by the lean client (bench/lean-http-client.ts).
 *
 * The goal compares two servers, so the load generator must not be what sets the pace. autocannon did: its
 * JavaScript HTTP parser (http-parser-js) took a whole core for 11,700 listing responses a second (7 KB
 * compressed each), while the server it loaded sat at 47–59% of one; the bare route's 182-byte answers cost it
 * far less, so the "ratio" it printed (0.12–0.17× in one run here) was two loads of autocannon, not of the
 * servers. The lean client keeps both servers near 100% of a core with its own process at about half of one,
 * and every run prints both processes' CPU, so a run the client paced shows as such.
 */
import { readFileSync } from 'node:fs';
import { LeanHttpClient } from './lean-http-client';
import { percentile } from './stats';

export interface ClosedLoopFigures {
  rps: number;
  p50: number;
  p99: number;
  /** Mean bytes a response, headers included. */
  bytes: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** The server process's CPU time over the run's wall time, in % of one core (null where /proc is missing). */
  serverCpu: number | null;
  /** The same for this process, the load generator. */
  clientCpu: number;
}

const REQUEST_TIMEOUT_MS = 10_000;

/** User + system CPU seconds of a process so far, from /proc (Linux), or null. */
function cpuSeconds(pid: number): number | null {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks (USER_HZ, 100 on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

export interface ClosedLoopOptions {
  /** The server's process, whose CPU the run reports. */
  serverPid: number;
  connections: number;
  seconds: number;
  headers?: Readonly<Record<string, string>>;
}

/** What one run measured, summed over runs by `pairedClosedLoops`. */
interface RunTotals {
  latencies: number[];
  bytes: number;
  non2xx: number;
  errors: number;
  wall: number;
  serverCpu: number | null;
  clientCpu: number;
}

/** GET `url` closed loop on `connections` keep-alive connections for `seconds`. */
export async function closedLoop(url: string, o: ClosedLoopOptions): Promise<ClosedLoopFigures> {
  return figures(await run(url, o));
}

/**
 * Two targets measured in turns: `rounds` runs of each, alternating, each of `seconds` / `rounds`, summed per
 * target. The CPU this VM gets drifts from second to second (the bare route alone gave 38,000–79,000 req/s from
 * one run to the next), so two runs one after the other compared the drift as much as the servers; in turns,
 * a drift falls on both alike.
 */
export async function pairedClosedLoops(
  a: { url: string; serverPid: number },
  b: { url: string; serverPid: number },
  o: Omit<ClosedLoopOptions, 'serverPid'> & { rounds: number },
): Promise<{ a: ClosedLoopFigures; b: ClosedLoopFigures }> {
  const each = { ...o, seconds: o.seconds / o.rounds };
  const totals: { a: RunTotals[]; b: RunTotals[] } = { a: [], b: [] };
  for (let round = 0; round < o.rounds; round++) {
    totals.a.push(await run(a.url, { ...each, serverPid: a.serverPid }));
    totals.b.push(await run(b.url, { ...each, serverPid: b.serverPid }));
  }
  return { a: figures(sum(totals.a)), b: figures(sum(totals.b)) };
}

function sum(runs: RunTotals[]): RunTotals {
  const total = (pick: (r: RunTotals) => number) => runs.reduce((n, r) => n + pick(r), 0);
  return {
    latencies: runs.flatMap((r) => r.latencies),
    bytes: total((r) => r.bytes),
    non2xx: total((r) => r.non2xx),
    errors: total((r) => r.errors),
    wall: total((r) => r.wall),
    serverCpu: runs.some((r) => r.serverCpu === null) ? null : total((r) => r.serverCpu ?? 0),
    clientCpu: total((r) => r.clientCpu),
  };
}

function figures(t: RunTotals): ClosedLoopFigures {
  const answered = t.latencies.length;
  return {
    rps: answered / t.wall,
    p50: percentile(t.latencies, 0.5),
    p99: percentile(t.latencies, 0.99),
    bytes: answered > 0 ? t.bytes / answered : 0,
    non2xx: t.non2xx,
    errors: t.errors,
    serverCpu: t.serverCpu === null ? null : (100 * t.serverCpu) / t.wall,
    clientCpu: (100 * t.clientCpu) / t.wall,
  };
}

/** One closed-loop run; CPU in seconds. */
async function run(url: string, o: ClosedLoopOptions): Promise<RunTotals> {
  const target = new URL(url);
  const client = new LeanHttpClient(target.origin, REQUEST_TIMEOUT_MS);
  const request = client.request(`${target.pathname}${target.search}`, o.headers);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const server0 = cpuSeconds(o.serverPid);
  const client0 = process.cpuUsage();
  const t0 = performance.now();
  const end = t0 + o.seconds * 1000;
  const loop = async () => {
    for (let sent = performance.now(); sent < end; sent = performance.now()) {
      const result = await client.get(request);
      if (result === 'error') {
        errors++;
        // A server that refuses at once would otherwise be asked again in a tight loop.
        await new Promise((resolve) => setTimeout(resolve, 10));
        continue;
      }
      latencies.push(performance.now() - sent);
      if (result < 200 || result > 299) non2xx++;
    }
  };
  await Promise.all(Array.from({ length: o.connections }, loop));
  const wall = (performance.now() - t0) / 1000;
  const server1 = cpuSeconds(o.serverPid);
  const clientUsage = process.cpuUsage(client0);
  const bytes = client.bytesReceived;
  client.close();
  return {
    latencies,
    bytes,
    non2xx,
    errors,
    wall,
    serverCpu: server0 === null || server1 === null ? null : server1 - server0,
    clientCpu: (clientUsage.user + clientUsage.system) / 1e6,
  };
}
