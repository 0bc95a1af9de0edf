/** Placeholder wired into the routes; its owner replaces it (docs/COMMERCE.md). */
export function CartPage() {
  return null;
}
