/** The time zones offered in Preferences: the browser's IANA list when it has one, Africa/Casablanca always first. */
import { DEFAULT_TIMEZONE } from '../../domain/account';

/** A short list for engines without Intl.supportedValuesOf: the countries served (spec §9) and a few common zones. */
const FALLBACK_ZONES = [
  'Africa/Casablanca',
  'Asia/Riyadh',
  'Asia/Dubai',
  'Asia/Qatar',
  'Asia/Kuwait',
  'Asia/Bahrain',
  'Asia/Muscat',
  'Europe/Paris',
  'Europe/Madrid',
  'Europe/Berlin',
  'Europe/London',
  'America/New_York',
  'UTC',
];

type SupportedValuesOf = (key: 'timeZone') => string[];

/** The zones to offer, with `current` kept when it is not in the list (so a saved choice never disappears). */
export function timezoneOptions(current: string, supported: SupportedValuesOf | null = readSupported()): string[] {
  let zones: string[];
  try {
    zones = supported ? supported('timeZone') : FALLBACK_ZONES;
  } catch {
    zones = FALLBACK_ZONES;
  }
  const rest = zones.filter((z) => z !== DEFAULT_TIMEZONE && z !== current).sort();
  return [DEFAULT_TIMEZONE, ...(current && current !== DEFAULT_TIMEZONE ? [current] : []), ...rest];
}

function readSupported(): SupportedValuesOf | null {
  const intl = Intl as typeof Intl & { supportedValuesOf?: SupportedValuesOf };
  return typeof intl.supportedValuesOf === 'function' ? intl.supportedValuesOf.bind(Intl) : null;
}
