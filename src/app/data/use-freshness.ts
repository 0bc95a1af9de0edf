/**
 * useFreshness(section): how fresh a catalogue section on screen is (domain/freshness),
 * from the worker's sync status and a clock that ticks every 30 s while the
 * answer can change (the stream is not live). Online with the stream down
 * (phase 'error', retrying), a stale section asks the worker to pull now, at
 * most once per bound per section, so a failing pull cannot start a loop.
 * Offline, the section shows its age (FreshnessNote).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { FRESHNESS_BOUNDS_MS, ageInUnits, freshness, type FreshnessSection } from '../../domain/freshness';
import { numberLocale } from '../../domain/money';
import type { SyncStatus } from '../../workers/data-api';
import { useOnline } from '../ui/use-online';
import { useDataClient } from './data-context';
import { lastSyncedAtOf, syncPhase, useSyncStatusSelector } from './use-sync-status';

export const FRESHNESS_TICK_MS = 30_000;

type Phase = SyncStatus['phase'];

export interface FreshnessView {
  stale: boolean;
  ageMs: number | null;
  /** Show the age note: stale, and the worker has reported where it stands (not 'starting'). */
  showNote: boolean;
}

/** The age note is shown for stale data, except while the worker is still starting (it may be live a moment later). */
export function showFreshnessNote(phase: Phase, stale: boolean): boolean {
  return stale && phase !== 'starting';
}

/**
 * Ask the worker to pull now: online, stale, and the stream down and being
 * retried (phase 'error'). Offline there is nothing to pull from (the worker
 * resyncs on `online` by itself); 'initial' is already pulling.
 */
export function shouldRefresh(phase: Phase, online: boolean, stale: boolean): boolean {
  return online && stale && phase === 'error';
}

/** Remembers when each section last asked for a refresh: at most once per its bound. */
export class RefreshGate {
  private readonly last = new Map<FreshnessSection, number>();

  /** True (and remembered) when `section` may ask now; false within its bound of the previous ask. */
  claim(section: FreshnessSection, now: number): boolean {
    const previous = this.last.get(section);
    if (previous !== undefined && now - previous < FRESHNESS_BOUNDS_MS[section]) return false;
    this.last.set(section, now);
    return true;
  }
}

const refreshGate = new RefreshGate();

const formatters = new Map<string, Intl.RelativeTimeFormat>();

/**
 * '12 minutes ago' in the interface language. Intl has no Darija ('ma'): it
 * uses the same locale as numbers and prices (numberLocale: Arabic, ar-MA).
 */
export function formatAge(ageMs: number, language: string): string {
  const tag = numberLocale(language);
  let f = formatters.get(tag);
  if (!f) {
    f = new Intl.RelativeTimeFormat(tag, { numeric: 'always', style: 'long' });
    formatters.set(tag, f);
  }
  const { value, unit } = ageInUnits(ageMs);
  return f.format(-value, unit);
}

// One shared clock for every section: the time, refreshed when the first
// component subscribes and then every FRESHNESS_TICK_MS while any is subscribed.
let clockNow = Date.now();
const clockListeners = new Set<() => void>();
let clockTimer: ReturnType<typeof setInterval> | null = null;

function tick(): void {
  clockNow = Date.now();
  for (const listener of [...clockListeners]) listener();
}

function subscribeClock(onChange: () => void): () => void {
  clockListeners.add(onChange);
  clockNow = Date.now();
  clockTimer ??= setInterval(tick, FRESHNESS_TICK_MS);
  return () => {
    clockListeners.delete(onChange);
    if (clockListeners.size === 0 && clockTimer !== null) {
      clearInterval(clockTimer);
      clockTimer = null;
    }
  };
}

function subscribeNever(): () => void {
  return () => undefined;
}

const readClock = () => clockNow;

export function useFreshness(section: FreshnessSection): FreshnessView {
  const phase: Phase = useSyncStatusSelector(syncPhase);
  const lastSyncedAt = useSyncStatusSelector(lastSyncedAtOf);
  const online = useOnline();
  const client = useDataClient();
  const live = phase === 'live';
  // The clock only matters while the data is not streamed and has a date.
  const now = useSyncExternalStore(!live && lastSyncedAt !== null ? subscribeClock : subscribeNever, readClock, readClock);
  const { stale, ageMs } = freshness(section, lastSyncedAt, now, live);
  const refresh = shouldRefresh(phase, online, stale);

  useEffect(() => {
    if (!refresh || !refreshGate.claim(section, Date.now())) return;
    client.resync().catch((error: unknown) => console.error('freshness: resync failed', error));
  }, [refresh, section, client, now]);

  return { stale, ageMs, showNote: showFreshnessNote(phase, stale) };
}
