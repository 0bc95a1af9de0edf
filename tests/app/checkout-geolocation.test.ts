/** 'Detect my location': the position from the Geolocation API, or a rejection the machine turns into location_failed. */
import { describe, expect, it } from 'vitest';
import { currentPosition } from '../../src/app/checkout/geolocation';

function fakeGeolocation(outcome: { lat: number; lon: number } | { error: string }): Geolocation {
  return {
    getCurrentPosition: (ok: PositionCallback, fail?: PositionErrorCallback | null) => {
      if ('error' in outcome) fail?.({ code: 1, message: outcome.error } as GeolocationPositionError);
      else ok({ coords: { latitude: outcome.lat, longitude: outcome.lon } } as GeolocationPosition);
    },
    watchPosition: () => 0,
    clearWatch: () => undefined,
  } as Geolocation;
}

describe('currentPosition', () => {
  it('resolves with lat/lon', async () => {
    await expect(currentPosition(fakeGeolocation({ lat: 34.02, lon: -6.84 }))).resolves.toEqual({ lat: 34.02, lon: -6.84 });
  });

  it('rejects when denied or when the browser has no geolocation', async () => {
    await expect(currentPosition(fakeGeolocation({ error: 'User denied Geolocation' }))).rejects.toThrow('User denied');
    await expect(currentPosition(undefined)).rejects.toThrow('unavailable');
  });
});
