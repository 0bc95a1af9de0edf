/**
 * The UI mirrors the domain's catalogue constants (so zod stays out of the app
 * bundle); they must never drift, and the UI must never import a value from
 * the zod-defining domain module.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as ui from '../../src/app/catalog-constants';
import * as domain from '../../src/domain/catalog';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('UI catalogue constants', () => {
  it('equal the domain ones', () => {
    expect(ui.GENDERS).toEqual(domain.GENDERS);
    expect(ui.COLORS).toEqual(domain.COLORS);
    expect(ui.SIZES).toEqual(domain.SIZES);
    expect(ui.FABRICS).toEqual(domain.FABRICS);
    expect(ui.SORTS).toEqual(domain.SORTS);
    expect(ui.DEFAULT_PAGE_SIZE).toBe(domain.DEFAULT_PAGE_SIZE);
    expect(ui.MAX_PAGE_SIZE).toBe(domain.MAX_PAGE_SIZE);
    expect(ui.RELATED_DEFAULT_LIMIT).toBe(domain.RELATED_DEFAULT_LIMIT);
    expect(ui.HOME_CATEGORY_STRIP_MAX).toBe(domain.HOME_CATEGORY_STRIP_MAX);
    expect(ui.LOW_STOCK_THRESHOLD).toBe(domain.LOW_STOCK_THRESHOLD);
    for (const q of [-1, 0, 1, 5, 6, 100]) expect(ui.stockLevel(q)).toBe(domain.stockLevel(q));
  });

  it('the app imports only types from src/domain/catalog.ts and nothing from zod', () => {
    const offenders = filesUnder(join(__dirname, '../../src/app')).filter((file) => {
      const source = readFileSync(file, 'utf8');
      const valueImport = /import\s+(?!type\b)[^;]*from\s+'[./]*domain\/catalog'/.test(source);
      return valueImport || /from\s+'zod'/.test(source);
    });
    expect(offenders).toEqual([]);
  });
});
