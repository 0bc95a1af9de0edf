/** Placeholder while the page is built (issue 3). */
export function OrdersPage() {
  return <section aria-busy="true" />;
}
