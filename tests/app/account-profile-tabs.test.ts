import { describe, expect, it } from 'vitest';
import { PROFILE_TABS, searchWithTab, tabFromSearch, tabIndexForKey } from '../../src/app/account/profile-tabs';

describe('profile tab in the URL', () => {
  it('reads ?tab=, General when absent or unknown', () => {
    expect(tabFromSearch('')).toBe('general');
    expect(tabFromSearch('tab=security')).toBe('security');
    expect(tabFromSearch('?tab=preferences')).toBe('preferences');
    expect(tabFromSearch('tab=admin')).toBe('general');
    expect(tabFromSearch('tab=')).toBe('general');
  });

  it('writes the tab, keeping other parameters, and drops it for General', () => {
    expect(searchWithTab('', 'security')).toBe('tab=security');
    expect(searchWithTab('tab=security&x=1', 'preferences')).toBe('tab=preferences&x=1');
    expect(searchWithTab('tab=security&x=1', 'general')).toBe('x=1');
    expect(searchWithTab('', 'general')).toBe('');
  });

  it('round-trips every tab', () => {
    for (const tab of PROFILE_TABS) expect(tabFromSearch(searchWithTab('a=b', tab))).toBe(tab);
  });
});

describe('tab keyboard navigation', () => {
  it('moves with the arrows, wrapping, and jumps with Home and End', () => {
    expect(tabIndexForKey('ArrowRight', 0, 3, 'ltr')).toBe(1);
    expect(tabIndexForKey('ArrowRight', 2, 3, 'ltr')).toBe(0);
    expect(tabIndexForKey('ArrowLeft', 0, 3, 'ltr')).toBe(2);
    expect(tabIndexForKey('Home', 2, 3, 'ltr')).toBe(0);
    expect(tabIndexForKey('End', 0, 3, 'ltr')).toBe(2);
  });

  it('mirrors the arrows right to left', () => {
    expect(tabIndexForKey('ArrowLeft', 0, 3, 'rtl')).toBe(1);
    expect(tabIndexForKey('ArrowRight', 0, 3, 'rtl')).toBe(2);
  });

  it('ignores other keys', () => {
    expect(tabIndexForKey('Enter', 1, 3, 'ltr')).toBeNull();
    expect(tabIndexForKey('ArrowDown', 1, 3, 'ltr')).toBeNull();
  });
});
