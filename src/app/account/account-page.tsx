/** Placeholder while the page is built (issue 3). */
export function AccountPage() {
  return <section aria-busy="true" />;
}
