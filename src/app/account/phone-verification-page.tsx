/** Placeholder while the page is built (issue 3). */
export function PhoneVerificationPage() {
  return <section aria-busy="true" />;
}
