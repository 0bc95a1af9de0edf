/**
 * The pure arithmetic of the `firstvisit` section (bench/firstvisit.ts): medians and spreads of a few Lighthouse
 * runs, goals met or missed, when a page counts as interactive, and the bytes a first visit transferred by a time.
 */
import { percentile } from './stats';

/** The median (nearest-rank: the middle one of an odd count) of the runs; NaN for none. */
export function median(samples: readonly number[]): number {
  return percentile(samples, 0.5);
}

/** min–max of the runs as text, with `digits` decimals. */
export function spread(samples: readonly number[], digits = 0): string {
  if (samples.length === 0) return '-';
  return `${Math.min(...samples).toFixed(digits)}–${Math.max(...samples).toFixed(digits)}`;
}

/** A goal: the figure must be at least (`min`) or below (`below`) `value`. */
export type Goal = { min: number } | { below: number };

export function goalMet(value: number, goal: Goal): boolean {
  if (!Number.isFinite(value)) return false;
  return 'min' in goal ? value >= goal.min : value < goal.below;
}

/** A main-thread task, in ms on one clock. */
export interface Task {
  start: number;
  duration: number;
}

/**
 * When the page became interactive, on the tasks' clock: the first moment from `contentAt` (its first screen's
 * content painted) that is followed by `quietMs` without a long task, that is the end of the last long task before
 * that quiet window (or `contentAt` when none runs after it); a long task running across `contentAt` counts from
 * its end. null when no such window ends by `until` (not interactive within the observed time).
 * Lighthouse's TTI without its network condition.
 */
export function interactiveAt(contentAt: number, tasks: readonly Task[], quietMs: number, until: number): number | null {
  let candidate = contentAt;
  const sorted = [...tasks].sort((a, b) => a.start - b.start);
  for (const task of sorted) {
    const end = task.start + task.duration;
    if (end <= candidate) continue;
    if (task.start >= candidate + quietMs) break;
    candidate = end;
  }
  return candidate + quietMs <= until ? candidate : null;
}

/** Bytes sent to the browser at a moment (ms on one clock), of one kind of request. */
export interface ByteSample {
  at: number;
  bytes: number;
  kind: string;
}

/** The bytes sent at or before `until`. */
export function bytesUntil(samples: readonly ByteSample[], until: number): number {
  let total = 0;
  for (const s of samples) if (s.at <= until) total += s.bytes;
  return total;
}

/** The bytes sent at or before `until`, by kind, largest first. */
export function bytesByKind(samples: readonly ByteSample[], until: number): Array<[kind: string, bytes: number]> {
  const byKind = new Map<string, number>();
  for (const s of samples) if (s.at <= until) byKind.set(s.kind, (byKind.get(s.kind) ?? 0) + s.bytes);
  return [...byKind].sort((a, b) => b[1] - a[1]);
}

/** Bytes as kB (1,000 bytes), the way the bundle section prints sizes. */
export function kB(bytes: number): string {
  return `${(bytes / 1000).toLocaleString('en', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} kB`;
}

/**
 * How often the page's content changed while a sync ran: `changes` are the moments (ms, one clock) at which the
 * DOM under <main> changed (one MutationObserver callback per commit), those inside [from, to] counted; `most` is
 * the largest number of them inside any window of `windowMs` (the goal: at most 1 per 500 ms), `shortestGap` the
 * least time between two of them (null with fewer than two).
 */
export function changesWhile(changes: readonly number[], from: number, to: number, windowMs: number): { count: number; most: number; shortestGap: number | null } {
  const inside = changes.filter((t) => t >= from && t <= to).sort((a, b) => a - b);
  let most = 0;
  let shortestGap: number | null = null;
  let first = 0;
  for (let i = 0; i < inside.length; i++) {
    const t = inside[i]!;
    while (t - inside[first]! >= windowMs) first++;
    most = Math.max(most, i - first + 1);
    if (i > 0) {
      const gap = t - inside[i - 1]!;
      shortestGap = shortestGap === null ? gap : Math.min(shortestGap, gap);
    }
  }
  return { count: inside.length, most, shortestGap };
}
