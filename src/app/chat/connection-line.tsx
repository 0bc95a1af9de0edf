/**
 * Says why messages do not arrive live, when they do not: offline (they are sent when the network returns),
 * connecting or reconnecting, or the live chat given up after its reconnect attempts (Reconnect tries again;
 * messages are still sent and replies still come with the sync). Nothing while connected.
 * Screen readers hear settled changes only (connection-announce.ts: offline, unavailable, connected again),
 * from a status region of their own, not each connecting/reconnecting flip of the backoff.
 * Test hook: [data-testid="chat-connection"][data-state], the region [data-testid="chat-connection-announce"].
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../theme/global.css';
import { button } from '../theme/recipes.css';
import { useOnline } from '../ui/use-online';
import { useChat, useChatStatus } from './chat-hooks';
import { announceConnection, initialAnnounce, type LineState } from './connection-announce';
import * as styles from './thread.css';

export function ConnectionLine() {
  const { t } = useTranslation();
  const online = useOnline();
  const status = useChatStatus();
  const chat = useChat();
  const state: LineState = !online ? 'offline' : status === 'connected' || status === 'off' ? null : status;
  const [seen, setSeen] = useState<LineState>(state);
  const [memo, setMemo] = useState(() => initialAnnounce(state));
  if (seen !== state) {
    // Adjusting state while rendering (React's pattern for following a value): no extra pass through the DOM.
    setSeen(state);
    setMemo(announceConnection(memo, state));
  }
  return (
    <>
      <div data-testid="chat-connection" data-state={state ?? 'connected'}>
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
      <p role="status" className={visuallyHidden} data-testid="chat-connection-announce">
        {memo.announcement === null ? '' : t(`chat.connection.${memo.announcement}`)}
      </p>
    </>
  );
}
