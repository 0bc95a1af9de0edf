/**
 * Says why messages do not arrive live, when they do not: offline (they are sent when the network returns),
 * connecting or reconnecting, or the live chat given up after its reconnect attempts (Reconnect tries again;
 * messages are still sent and replies still come with the sync). Nothing while connected.
 * Test hook: [data-testid="chat-connection"][data-state].
 */
import { useTranslation } from 'react-i18next';
import { button } from '../theme/recipes.css';
import { useOnline } from '../ui/use-online';
import { useChat, useChatStatus } from './chat-context';
import * as styles from './thread.css';

export function ConnectionLine() {
  const { t } = useTranslation();
  const online = useOnline();
  const status = useChatStatus();
  const chat = useChat();
  const state = !online ? 'offline' : status === 'connected' || status === 'off' ? null : status;
  return (
    <div role="status" data-testid="chat-connection" data-state={state ?? 'connected'}>
      {state !== null && (
        <p className={styles.connection}>
          <span>{t(`chat.connection.${state}`)}</span>
          {state === 'disconnected' && (
            <button type="button" className={button({ tone: 'secondary', size: 'sm' })} onClick={() => chat.reconnect()}>
              {t('chat.connection.reconnect')}
            </button>
          )}
        </p>
      )}
    </div>
  );
}
