/** Placeholder while the page is built (issue 3). */
export function AddressesPage() {
  return <section aria-busy="true" />;
}
