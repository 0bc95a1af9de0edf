/** Placeholder wired into the routes; its owner replaces it (docs/COMMERCE.md). */
export function SellerOrdersPage() {
  return null;
}
