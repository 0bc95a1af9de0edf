/**
 * The pure arithmetic of the `firstsync` section (bench/firstsync.ts): which catalogue sizes to run, the app's first
 * sync against the raw bulkPut alone of the same documents (issue 25's goal: ≥ 0.6×), and when the catalogue became
 * offline-ready.
 */
import { ratio } from './stats';

/** Issue 25: the app's first sync at least 0.6 times as many products per second as a raw Dexie bulkPut alone. */
export const FIRST_SYNC_GOAL = 0.6;
export const DEFAULT_FIRSTSYNC_SIZES = [360, 5_000, 50_000] as const;

/** BENCH_FIRSTSYNC_SIZES ("360,5000,50000"): positive whole numbers, comma-separated; unset or empty: the default. */
export function parseSizes(raw: string | undefined): number[] {
  if (raw === undefined || raw.trim() === '') return [...DEFAULT_FIRSTSYNC_SIZES];
  const sizes = raw.split(',').map((s) => s.trim().replace(/_/g, ''));
  const bad = sizes.filter((s) => !/^[1-9]\d*$/.test(s));
  if (bad.length > 0) throw new Error(`BENCH_FIRSTSYNC_SIZES takes positive whole numbers, comma-separated; got '${raw}'`);
  return sizes.map(Number);
}

/** One size's measurements, all in ms from the bench's clock except where said. */
export interface FirstSyncMeasure {
  products: number;
  /** First navigation → the sync indicator says live. */
  liveMs: number;
  /** First navigation → navigator.serviceWorker.controller set (the precache installed). */
  controlledMs: number;
  /** The same documents, fetched into memory first, then only bulkPut into a fresh Dexie copy (its listing indexes). */
  rawPutMs: number;
  /** Their fetch and parse alone (the raw copy's pull pages). */
  rawFetchMs: number;
  /** Documents the raw copy stored (the live products the app stores). */
  rawDocs: number;
  /** Product cards a new page of /products drew with the network off, after offline-ready. */
  offlineCards: number;
}

export interface FirstSyncFigures {
  appPerSecond: number;
  rawPutPerSecond: number;
  /** App products/s ÷ raw bulkPut-alone products/s. */
  ratio: number;
  goalMet: boolean;
  /** Navigation → both live and controlled: the catalogue opens offline. */
  offlineReadyMs: number;
  /** The raw copy's fetch + bulkPut alone, the baseline of offline-ready. */
  rawLoadMs: number;
}

const perSecond = (docs: number, ms: number) => (ms > 0 ? docs / (ms / 1000) : NaN);

export function firstSyncFigures(m: FirstSyncMeasure): FirstSyncFigures {
  const appPerSecond = perSecond(m.rawDocs, m.liveMs);
  const rawPutPerSecond = perSecond(m.rawDocs, m.rawPutMs);
  const r = appPerSecond / rawPutPerSecond;
  return {
    appPerSecond,
    rawPutPerSecond,
    ratio: r,
    goalMet: Number.isFinite(r) && r >= FIRST_SYNC_GOAL,
    offlineReadyMs: Math.max(m.liveMs, m.controlledMs),
    rawLoadMs: m.rawFetchMs + m.rawPutMs,
  };
}

const s = (ms: number) => (ms / 1000).toFixed(2);

/** Table rows for one size (the header is the section's). */
export function firstSyncRows(m: FirstSyncMeasure): string[][] {
  const f = firstSyncFigures(m);
  const n = m.products.toLocaleString('en');
  return [
    [`${n}: first sync s (navigation → live) vs raw bulkPut alone s`, s(m.liveMs), s(m.rawPutMs), ratio(m.liveMs, m.rawPutMs)],
    [
      `  products/s, app vs raw bulkPut alone (goal ≥ ${FIRST_SYNC_GOAL}×: ${f.goalMet ? 'met' : 'MISSED'})`,
      f.appPerSecond.toFixed(0),
      f.rawPutPerSecond.toFixed(0),
      ratio(f.appPerSecond, f.rawPutPerSecond),
    ],
    [`  offline-ready s (live and the service worker in control) vs raw fetch + bulkPut alone`, s(f.offlineReadyMs), s(f.rawLoadMs), ratio(f.offlineReadyMs, f.rawLoadMs)],
    [`  offline check: product cards on a new /products page, network off`, String(m.offlineCards), '-', m.offlineCards > 0 ? 'ok' : 'FAILED'],
  ];
}
