/**
 * Writing a message: a labelled textarea (at most 5,000 characters), Enter sends and Shift+Enter starts a new
 * line (not while an input method is composing: composer-keys.ts), Send is disabled while the text is blank or
 * sending, and the focus comes back to the text after a send. Sending always goes
 * through the outbox (DataApi.sendMessage: shown at once, delivered once, offline too); the server broadcasts the
 * stored message to the conversation's room. While the user types, the room hears that they are typing.
 * Test hooks: [data-testid="composer"], "composer-input", "composer-send", "composer-error".
 */
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_CONTENT_MAX } from '../../domain/community';
import { useDataClient } from '../data/data-context';
import { formatInteger } from '../i18n/number-format';
import { useLanguage } from '../i18n/use-language';
import { button } from '../theme/recipes.css';
import { visuallyHidden } from '../theme/global.css';
import { useChat } from './chat-context';
import { sendsOnKeyDown } from './composer-keys';
import type { ThreadRef } from './thread-target';
import * as styles from './thread.css';

/** The counter shows from this many characters on. */
const COUNTER_FROM = MESSAGE_CONTENT_MAX - 500;

export function Composer({ target, roomId }: { target: ThreadRef; roomId: string | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const client = useDataClient();
  const chat = useChat();
  const id = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const content = text.trim();

  const send = () => {
    if (content === '' || sending || content.length > MESSAGE_CONTENT_MAX) return;
    setSending(true);
    setFailed(false);
    const input =
      target.side === 'buyer' ? { shopId: target.shopId, content } : { shopId: target.shopId, content, toUserId: target.userId };
    client
      .sendMessage(input)
      .then(() => {
        // Only what was sent goes; anything typed meanwhile stays.
        setText((current) => (current.trim() === content ? '' : current));
        if (roomId !== null) chat.typing(roomId, false);
      })
      .catch((error: unknown) => {
        console.error('chat: the message could not be queued', error);
        setFailed(true);
      })
      .finally(() => {
        setSending(false);
        // Send was disabled while sending, which drops the focus it had: back to the text, unless the user
        // has moved on elsewhere meanwhile.
        const active = document.activeElement;
        if (active === null || active === document.body || formRef.current?.contains(active)) textRef.current?.focus();
      });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const { isComposing, keyCode } = event.nativeEvent;
    if (!sendsOnKeyDown({ key: event.key, shiftKey: event.shiftKey, isComposing, keyCode })) return;
    event.preventDefault();
    send();
  };

  const onChange = (value: string) => {
    setText(value);
    if (roomId !== null) chat.typing(roomId, value.trim() !== '');
  };

  return (
    <form ref={formRef} className={styles.composer} onSubmit={onSubmit} data-testid="composer">
      <label htmlFor={`${id}-text`} className={visuallyHidden}>
        {t('chat.composer.label')}
      </label>
      <textarea
        ref={textRef}
        id={`${id}-text`}
        className={styles.textarea}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        maxLength={MESSAGE_CONTENT_MAX}
        rows={2}
        placeholder={t('chat.composer.placeholder')}
        aria-describedby={`${id}-hint`}
        dir="auto"
        enterKeyHint="send"
        data-testid="composer-input"
      />
      <div className={styles.composerRow}>
        <p id={`${id}-hint`} className={styles.hint}>
          {t('chat.composer.hint')}
          {text.length >= COUNTER_FROM && (
            <>
              {' '}
              <span className={text.length >= MESSAGE_CONTENT_MAX ? `${styles.counter} ${styles.counterOver}` : styles.counter}>
                {t('chat.composer.counter', { length: formatInteger(text.length, language), max: formatInteger(MESSAGE_CONTENT_MAX, language) })}
              </span>
            </>
          )}
        </p>
        <button type="submit" className={button({ tone: 'primary' })} disabled={content === '' || sending} data-testid="composer-send">
          {t('chat.composer.send')}
        </button>
      </div>
      {failed && (
        <p className={styles.error} role="alert" data-testid="composer-error">
          {t('chat.composer.error')}
        </p>
      )}
    </form>
  );
}
