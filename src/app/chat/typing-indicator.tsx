/**
 * "<name> is typing…" while the other side types (the socket's typing frames for the conversation's room; the
 * name isolated for its own direction), in a polite live region that stays in the page so screen readers hear it come and go.
 * Test hook: [data-testid="typing-indicator"] (empty when nobody types).
 */
import { useTranslation } from 'react-i18next';
import { useTyping } from './chat-hooks';
import { isolate } from './chat-format';
import * as styles from './thread.css';

export function TypingIndicator({ roomId, name }: { roomId: string | null; name: string }) {
  const { t } = useTranslation();
  const typists = useTyping(roomId);
  return (
    <p className={styles.typing} aria-live="polite" data-testid="typing-indicator" data-typing={typists.length > 0 ? 'true' : 'false'}>
      {typists.length > 0 ? t('chat.typing', { name: isolate(name) }) : ''}
    </p>
  );
}
