/**
 * The other side's presence under the thread's title: "Online", or "Last seen 5 minutes ago", from the server's
 * answer and the socket's presence frames (a buyer follows the shop's seller, a seller the buyer); nothing while
 * unknown. Test hook: [data-testid="thread-presence"][data-online].
 */
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/use-language';
import { usePresence } from './chat-hooks';
import { formatRelativeTime } from './chat-format';
import type { ThreadRef } from './thread-target';
import * as styles from './thread.css';
import { useNow } from './use-now';

export function PresenceLine({ target }: { target: ThreadRef }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const now = useNow();
  const presence = usePresence(target.side === 'buyer' ? { shopId: target.shopId } : { userId: target.userId });
  let text: string | null = null;
  if (presence?.online) text = t('chat.presence.online');
  else if (presence?.last_seen != null) text = t('chat.presence.lastSeen', { time: formatRelativeTime(presence.last_seen, now, language) });
  return (
    <p className={styles.presence} data-testid="thread-presence" data-online={presence === null ? '' : String(presence.online)}>
      {presence?.online && <span className={styles.dot} aria-hidden="true" />}
      {text}
    </p>
  );
}
