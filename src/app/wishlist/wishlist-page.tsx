/** Placeholder wired into the routes; its owner replaces it (docs/COMMERCE.md). */
export function WishlistPage() {
  return null;
}
