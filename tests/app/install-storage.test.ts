/** The install prompt's remembered state in localStorage, and the engagement points that feed its score. */
import { describe, expect, it } from 'vitest';
import { EMPTY_INSTALL_STATE, INSTALL_SCORE_THRESHOLD } from '../../src/machines/install-prompt';
import { ENGAGEMENT_POINTS, pointsForCart, pointsForPage } from '../../src/app/install/engagement';
import { INSTALL_STORAGE_KEY, readInstallState, writeInstallState } from '../../src/app/install/install-storage';
import { throwingStorage } from './storage-stubs';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

describe('install storage', () => {
  it('round-trips score, dismissals and install time', () => {
    const storage = memoryStorage();
    const state = { score: 75, dismissals: [1, 2, 3], installedAt: 4 };
    writeInstallState(state, storage);
    expect(JSON.parse(storage.items.get(INSTALL_STORAGE_KEY) ?? 'null')).toEqual(state);
    expect(readInstallState(storage)).toEqual(state);
  });

  it('reads missing, broken or odd values as a fresh start', () => {
    expect(readInstallState(memoryStorage())).toEqual(EMPTY_INSTALL_STATE);
    expect(readInstallState(memoryStorage({ [INSTALL_STORAGE_KEY]: '{not json' }))).toEqual(EMPTY_INSTALL_STATE);
    expect(readInstallState(memoryStorage({ [INSTALL_STORAGE_KEY]: 'null' }))).toEqual(EMPTY_INSTALL_STATE);
    expect(readInstallState(memoryStorage({ [INSTALL_STORAGE_KEY]: '{"score":"9","dismissals":[1,"x",2]}' }))).toEqual({
      score: 0,
      dismissals: [1, 2],
      installedAt: null,
    });
  });

  it('a storage that throws neither breaks reading nor writing', () => {
    const throwing = throwingStorage();
    expect(readInstallState(throwing)).toEqual(EMPTY_INSTALL_STATE);
    expect(() => writeInstallState(EMPTY_INSTALL_STATE, throwing)).not.toThrow();
  });
});

describe('engagement points', () => {
  it('a product page counts more than other pages', () => {
    expect(pointsForPage('/products/12')).toBe(ENGAGEMENT_POINTS.productView);
    expect(pointsForPage('/products')).toBe(ENGAGEMENT_POINTS.pageView);
    expect(pointsForPage('/')).toBe(ENGAGEMENT_POINTS.pageView);
    expect(pointsForPage('/shops/dar-lhssan')).toBe(ENGAGEMENT_POINTS.pageView);
  });

  it('adding to the cart counts, removing or the first reading does not', () => {
    expect(pointsForCart(null, 3)).toBe(0);
    expect(pointsForCart(0, 1)).toBe(ENGAGEMENT_POINTS.addToCart);
    expect(pointsForCart(2, 1)).toBe(0);
    expect(pointsForCart(2, 2)).toBe(0);
  });

  it('a visit with a few product views and an add to cart reaches the first threshold', () => {
    const visit = ENGAGEMENT_POINTS.pageView + 2 * ENGAGEMENT_POINTS.productView + ENGAGEMENT_POINTS.addToCart;
    expect(visit).toBeGreaterThanOrEqual(INSTALL_SCORE_THRESHOLD);
    expect(ENGAGEMENT_POINTS.pageView * 9).toBeLessThan(INSTALL_SCORE_THRESHOLD);
  });
});
