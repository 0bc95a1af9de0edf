/** Placeholder while the page is built (issue 3). */
export function ProfilePage() {
  return <section aria-busy="true" />;
}
