/**
 * The profile page's tabs (spec §2: General, Security, Preferences) and how
 * the selected one lives in the URL query (?tab=…), so it survives a reload
 * and can be linked to.
 */
export const PROFILE_TABS = ['general', 'security', 'preferences'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export function isProfileTab(value: unknown): value is ProfileTab {
  return typeof value === 'string' && (PROFILE_TABS as readonly string[]).includes(value);
}

/** The tab named by `?tab=` in a search string ('' or '?a=b'), General when absent or unknown. */
export function tabFromSearch(search: string): ProfileTab {
  const value = new URLSearchParams(search).get('tab');
  return isProfileTab(value) ? value : 'general';
}

/** The search string (without '?') with `tab` set, other parameters kept; General is the default and is left out. */
export function searchWithTab(search: string, tab: ProfileTab): string {
  const params = new URLSearchParams(search);
  if (tab === 'general') params.delete('tab');
  else params.set('tab', tab);
  return params.toString();
}

/**
 * The tab index a key moves to in a horizontal tablist (WAI-ARIA tabs
 * pattern), or null when the key is not one of its keys. Arrow keys wrap;
 * in a right-to-left page ArrowLeft moves forward.
 */
export function tabIndexForKey(key: string, current: number, count: number, dir: 'ltr' | 'rtl'): number | null {
  const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
  if (key === forward) return (current + 1) % count;
  if (key === backward) return (current - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}
