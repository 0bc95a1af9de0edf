/** /community/messages/:senderId: one conversation (being built). */
export function ThreadPage({ senderId, asShop }: { senderId: string; asShop: boolean }) {
  return <section data-testid="thread-page" data-sender-id={senderId} data-as-shop={asShop} />;
}
