import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../src/domain/account';
import { isValidPostalCode } from '../../src/domain/checkout';
import { CITIES, haversineKm, NEAREST_CITY_MAX_KM, nearestCity } from '../../src/domain/cities';

describe('bundled cities', () => {
  const morocco = CITIES.filter((c) => c.country === 'MA');

  it('holds at least the 40 largest Moroccan cities and a city in every other country offered', () => {
    expect(morocco.length).toBeGreaterThanOrEqual(40);
    for (const name of ['Casablanca', 'Rabat', 'Fès', 'Marrakech', 'Tanger', 'Agadir', 'Meknès', 'Oujda', 'Kénitra', 'Tétouan', 'Laâyoune', 'Dakhla']) {
      expect(morocco.map((c) => c.name)).toContain(name);
    }
    for (const [country, capital] of [
      ['SA', 'Riyadh'],
      ['AE', 'Abu Dhabi'],
      ['QA', 'Doha'],
      ['KW', 'Kuwait City'],
      ['BH', 'Manama'],
      ['OM', 'Muscat'],
    ] as const) {
      expect(CITIES.find((c) => c.name === capital)?.country).toBe(country);
    }
  });

  it('every city is complete, in a country offered, with plausible coordinates', () => {
    const names = new Set<string>();
    for (const c of CITIES) {
      expect(COUNTRIES).toContain(c.country);
      expect(c.name.trim()).not.toBe('');
      expect(c.name_ar).toMatch(/[\u0600-\u06FF]/);
      expect(c.region.trim()).not.toBe('');
      expect(c.region_ar).toMatch(/[\u0600-\u06FF]/);
      expect(Math.abs(c.lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(c.lon)).toBeLessThanOrEqual(180);
      expect(names.has(`${c.country}:${c.name}`)).toBe(false);
      names.add(`${c.country}:${c.name}`);
      // The postal code it fills in passes the checkout's rule for its country.
      expect(isValidPostalCode(c.postal_code, c.country), c.name).toBe(true);
    }
  });

  it('Moroccan cities lie within Morocco (incl. the southern provinces) and carry a 5-digit code', () => {
    for (const c of morocco) {
      expect(c.lat, c.name).toBeGreaterThan(20.7);
      expect(c.lat, c.name).toBeLessThan(36);
      expect(c.lon, c.name).toBeGreaterThan(-17.2);
      expect(c.lon, c.name).toBeLessThan(-1);
      expect(c.postal_code, c.name).toMatch(/^\d{5}$/);
    }
  });

  it('Moroccan cities use the 12 regions of 2015', () => {
    expect(new Set(morocco.map((c) => c.region)).size).toBe(12);
  });
});

describe('haversineKm', () => {
  it('is 0 for one point and symmetric', () => {
    expect(haversineKm(33.57, -7.59, 33.57, -7.59)).toBe(0);
    expect(haversineKm(33.57, -7.59, 34.02, -6.84)).toBeCloseTo(haversineKm(34.02, -6.84, 33.57, -7.59), 9);
  });

  it('matches known distances', () => {
    // Casablanca – Rabat ≈ 87 km, Casablanca – Marrakech ≈ 218 km, Rabat – Riyadh ≈ 5,200 km (great circle).
    const casa = CITIES.find((c) => c.name === 'Casablanca')!;
    const rabat = CITIES.find((c) => c.name === 'Rabat')!;
    const marrakech = CITIES.find((c) => c.name === 'Marrakech')!;
    expect(haversineKm(casa.lat, casa.lon, rabat.lat, rabat.lon)).toBeGreaterThan(82);
    expect(haversineKm(casa.lat, casa.lon, rabat.lat, rabat.lon)).toBeLessThan(92);
    expect(haversineKm(casa.lat, casa.lon, marrakech.lat, marrakech.lon)).toBeGreaterThan(210);
    expect(haversineKm(casa.lat, casa.lon, marrakech.lat, marrakech.lon)).toBeLessThan(225);
    // A quarter of the Earth's circumference.
    expect(haversineKm(0, 0, 0, 90)).toBeCloseTo((Math.PI / 2) * 6371.0088, 3);
  });
});

describe('nearestCity', () => {
  it('finds the city of a position in it, at about 0 km', () => {
    const found = nearestCity(34.0209, -6.8416);
    expect(found?.city.name).toBe('Rabat');
    expect(found?.distanceKm).toBeLessThan(0.01);
  });

  it('finds the closest city of a position between cities', () => {
    // Casablanca's Ain Diab corniche.
    expect(nearestCity(33.59, -7.67)?.city.name).toBe('Casablanca');
    // Near the Jemaa el-Fna, Marrakech.
    expect(nearestCity(31.6258, -7.9891)?.city).toMatchObject({ name: 'Marrakech', region: 'Marrakech-Safi', postal_code: '40000', country: 'MA' });
    // A village in the Middle Atlas between Azrou and Khénifra, nearer Azrou.
    expect(nearestCity(33.3, -5.3)?.city.name).toBe('Azrou');
  });

  it('finds Gulf cities, with their country', () => {
    expect(nearestCity(25.2, 55.3)?.city).toMatchObject({ name: 'Dubai', country: 'AE' });
    expect(nearestCity(25.3, 51.5)?.city).toMatchObject({ name: 'Doha', country: 'QA' });
    expect(nearestCity(23.6, 58.5)?.city).toMatchObject({ name: 'Muscat', country: 'OM' });
    expect(nearestCity(26.2, 50.6)?.city).toMatchObject({ name: 'Manama', country: 'BH' });
    expect(nearestCity(29.3, 48)?.city).toMatchObject({ name: 'Kuwait City', country: 'KW' });
    expect(nearestCity(24.7, 46.7)?.city).toMatchObject({ name: 'Riyadh', country: 'SA' });
  });

  it('reports the distance in km', () => {
    // Souissi, south-east Rabat.
    const found = nearestCity(33.95, -6.8)!;
    expect(found.city.name).toBe('Rabat');
    expect(found.distanceKm).toBeCloseTo(haversineKm(33.95, -6.8, 34.0209, -6.8416), 9);
    expect(found.distanceKm).toBeGreaterThan(8);
    expect(found.distanceKm).toBeLessThan(9.5);
  });

  it('null farther than 300 km from every city', () => {
    expect(NEAREST_CITY_MAX_KM).toBe(300);
    expect(nearestCity(48.8566, 2.3522)).toBeNull(); // Paris
    expect(nearestCity(0, 0)).toBeNull(); // Gulf of Guinea
    expect(nearestCity(31, -20)).toBeNull(); // the Atlantic, far west of Agadir
  });

  it('the 300 km limit is inclusive of the edge, exclusive beyond', () => {
    const one = [{ ...CITIES[0]!, lat: 0, lon: 0 }];
    // 1° of latitude ≈ 111.2 km: 2.69° ≈ 299.1 km, 2.71° ≈ 301.3 km.
    expect(nearestCity(2.69, 0, one)?.distanceKm).toBeLessThan(300);
    expect(nearestCity(2.71, 0, one)).toBeNull();
  });

  it('null for a position that is not one', () => {
    expect(nearestCity(Number.NaN, -6.8)).toBeNull();
    expect(nearestCity(34, Number.POSITIVE_INFINITY)).toBeNull();
    expect(nearestCity(91, 0)).toBeNull();
    expect(nearestCity(0, 181)).toBeNull();
  });
});
