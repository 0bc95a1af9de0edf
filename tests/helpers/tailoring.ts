/** Dates for booking tests: days counted from today in Morocco (the tailors' calendar). */
import { todayInMorocco } from '../../src/domain/tailoring';

export function dayInMorocco(offsetDays: number, now: number = Date.now()): string {
  const today = todayInMorocco(now);
  const d = new Date(Date.parse(`${today}T00:00:00Z`) + offsetDays * 86_400_000);
  return d.toISOString().slice(0, 10);
}

export const tomorrowInMorocco = (now: number = Date.now()): string => dayInMorocco(1, now);
