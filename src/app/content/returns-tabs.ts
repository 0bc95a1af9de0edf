/**
 * The returns page's tabs (spec §2: returns policy, exchanges, return process) and the selected one in the
 * URL (?tab=…), so a reload keeps it and a link can open it. The policy is the default and stays out of the URL.
 */
export const RETURNS_TABS = ['policy', 'exchanges', 'process'] as const;
export type ReturnsTab = (typeof RETURNS_TABS)[number];

export function returnsTabOf(search: string): ReturnsTab {
  const value = new URLSearchParams(search).get('tab');
  return RETURNS_TABS.find((tab) => tab === value) ?? 'policy';
}

/** `search` (without '?') with the tab written, other parameters kept. */
export function searchForReturnsTab(search: string, tab: ReturnsTab): string {
  const params = new URLSearchParams(search);
  if (tab === RETURNS_TABS[0]) params.delete('tab');
  else params.set('tab', tab);
  return params.toString();
}

/** The texts of each panel, in order (keys under returns.{tab} in the 'content' catalogue). */
export const RETURNS_RULES = {
  policy: ['window', 'condition', 'defects', 'excluded', 'shipping', 'refund'],
  exchanges: ['window', 'condition', 'how', 'shipping', 'custom'],
  process: ['contact', 'confirm', 'pack', 'send', 'refund'],
} as const;
