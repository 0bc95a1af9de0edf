/** The device's position for 'Detect my location' (the checkout machine's locate actor); rejects when unavailable or denied. */
import type { Position } from '../../machines/checkout';

export const LOCATE_TIMEOUT_MS = 10_000;

export function currentPosition(geolocation: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new Error('geolocation unavailable'));
      return;
    }
    geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lon: p.coords.longitude }),
      (error) => reject(new Error(error.message || 'geolocation failed')),
      { enableHighAccuracy: false, timeout: LOCATE_TIMEOUT_MS, maximumAge: 10 * 60_000 },
    );
  });
}
