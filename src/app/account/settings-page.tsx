/** Placeholder while the page is built (issue 3). */
export function SettingsPage() {
  return <section aria-busy="true" />;
}
