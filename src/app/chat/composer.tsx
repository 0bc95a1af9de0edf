/**
 * Writing a message: a labelled textarea (at most 5,000 characters), Enter sends and Shift+Enter starts a new
 * line (not while an input method is composing: composer-keys.ts), up to 5 attached images or PDFs
 * (composer-attachments.tsx; a message may be only attachments), Send is disabled while there is nothing to
 * send or it is sending, and the focus comes back to the text after a send. Sending always goes through the
 * outbox (DataApi.sendMessage, the files read as data URLs: shown at once, delivered once, offline too); the
 * server broadcasts the stored message to the conversation's room. While the user types, the room hears that
 * they are typing. A file the data worker refuses (its bytes are not an image or a PDF) is named with the
 * server's text.
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
import { problemOfCode } from './attachments';
import { useChat } from './chat-hooks';
import { attachmentInputs, ComposerAttachments, NO_ATTACHMENTS, type AttachmentsState } from './composer-attachments';
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
  const [attachments, setAttachments] = useState<AttachmentsState>(NO_ATTACHMENTS);
  const formRef = useRef<HTMLFormElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const content = text.trim();
  const files = attachments.files;
  const empty = content === '' && files.length === 0;

  const send = () => {
    if (empty || sending || content.length > MESSAGE_CONTENT_MAX) return;
    setSending(true);
    setFailed(false);
    const to = target.side === 'buyer' ? { shopId: target.shopId } : { shopId: target.shopId, toUserId: target.userId };
    attachmentInputs(files)
      .catch((error: unknown) => {
        console.error('chat: a file could not be read', error);
        setAttachments((current) => ({ ...current, problems: [], readFailed: true }));
        return null;
      })
      .then((read) => {
        if (read === null) return;
        return client.sendMessage({ ...to, content, ...(read.length > 0 ? { attachments: read } : {}) }).then(() => {
          // Only what was sent goes; anything typed or picked meanwhile stays.
          setText((current) => (current.trim() === content ? '' : current));
          setAttachments((current) => ({ files: current.files.filter((f) => !files.includes(f)), problems: [], readFailed: false }));
          if (roomId !== null) chat.typing(roomId, false);
        });
      })
      .catch((error: unknown) => {
        const problem = problemOfCode((error as { code?: unknown } | null)?.code);
        if (problem !== null) {
          setAttachments((current) => ({ ...current, problems: [problem], readFailed: false }));
          return;
        }
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
      <ComposerAttachments state={attachments} disabled={sending} onChange={setAttachments} />
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
        <button type="submit" className={button({ tone: 'primary' })} disabled={empty || sending} data-testid="composer-send">
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
