/** Placeholder while the page is built (issue 3). */
export function CheckoutPage() {
  return <section aria-busy="true" />;
}
