import { describe, expect, it } from 'vitest';
import { TEXT_PAIRS, contrastRatio, darkPalette, lightPalette } from '../../src/app/theme/palette';
import {
  nextThemePreference,
  parseThemePreference,
  readCookie,
  themeAttribute,
  themeCookie,
} from '../../src/app/theme/theme-preference';

describe('theme palette', () => {
  for (const [name, palette] of [
    ['light', lightPalette],
    ['dark', darkPalette],
  ] as const) {
    it(`${name}: every text/background pair reaches 4.5:1`, () => {
      const failing = TEXT_PAIRS.map(([fg, bg]) => ({ fg, bg, ratio: contrastRatio(palette[fg], palette[bg]) })).filter(
        (p) => p.ratio < 4.5,
      );
      expect(failing).toEqual([]);
    });
  }
  it('contrast maths: black on white is 21:1', () => expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21));
});

describe('theme preference cookie', () => {
  it('lasts 365 days on the whole site', () => {
    expect(themeCookie('dark')).toBe(`souk_theme=dark; Max-Age=${365 * 86400}; Path=/; SameSite=Lax`);
  });
  it('reads back, defaulting to system', () => {
    expect(parseThemePreference('a=1; souk_theme=light; b=2')).toBe('light');
    expect(parseThemePreference('souk_theme=purple')).toBe('system');
    expect(parseThemePreference('')).toBe('system');
    expect(readCookie('x=a%20b', 'x')).toBe('a b');
  });
  it('system leaves <html data-theme> unset; the toggle cycles', () => {
    expect(themeAttribute('system')).toBeNull();
    expect(themeAttribute('dark')).toBe('dark');
    expect(nextThemePreference('light')).toBe('dark');
    expect(nextThemePreference('dark')).toBe('system');
    expect(nextThemePreference('system')).toBe('light');
  });
});
