/** Placeholder wired into the routes; its owner replaces it (docs/COMMERCE.md). */
export function OrderPage({ id }: { id: string }) {
  return <p>{id}</p>;
}
