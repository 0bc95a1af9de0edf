/** /community/messages: the signed-in user's conversations (being built). */
export function ConversationsPage() {
  return <section data-testid="conversations-page" />;
}
