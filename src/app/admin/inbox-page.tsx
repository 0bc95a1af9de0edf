/**
 * /admin/inbox (issue 24 "Inbox"): the contact messages, open or answered, each answerable by email (the server's
 * mail sender), and the newsletter subscribers as CSV.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/use-language';
import { useRemote } from '../seller/use-remote';
import { button } from '../theme/recipes.css';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import { listMessages, messagesPath, replyToMessage, type ContactMessage } from './admin-api';
import { useAdminErrorText } from './admin-errors';
import { formatDateTime } from './admin-format';
import { AdminLayout } from './admin-layout';
import { History, Outcome, Pager, useAction } from './admin-parts';
import * as styles from './admin.css';
import { downloadCsv } from './download-csv';

function MessageItem({ message, onAnswered }: { message: ContactMessage; onAnswered: () => void }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const action = useAction();
  const [body, setBody] = useState('');
  const id = `reply-${message.id}`;
  const [sender, setSender] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => setSender(await replyToMessage(message.id, body.trim())), '').then((ok) => ok && onAnswered());
  };
  if (sender !== null) {
    return (
      <li className={styles.item} data-testid="admin-message">
        <p role="status" className={styles.note}>
          {sender === 'smtp' ? t('inbox.sent') : t('inbox.sentToLog')}
        </p>
      </li>
    );
  }
  return (
    <li className={styles.item} data-testid="admin-message">
      <p className={styles.itemTitle}>{message.subject || t('inbox.noSubject')}</p>
      <p className={styles.muted}>{t('inbox.from', { name: `${message.first_name} ${message.last_name}`.trim(), email: message.email, when: formatDateTime(message.created_at, language) })}</p>
      <p className={styles.pre}>{message.message}</p>
      {message.reply && <p className={styles.pre}>{t('inbox.answer', { reply: message.reply })}</p>}
      {message.status === 'open' && (
        <form onSubmit={submit} className={styles.field}>
          <label htmlFor={id} className={styles.label}>
            {t('inbox.reply')}
          </label>
          <textarea id={id} className={styles.textarea} required maxLength={5000} value={body} onChange={(e) => setBody(e.target.value)} />
          <button type="submit" className={button({ tone: 'primary' })} disabled={action.busy}>
            {t('inbox.send')}
          </button>
        </form>
      )}
      <Outcome state={action} testId="admin-reply-outcome" />
      <History object={`contact_message:${message.id}`} />
    </li>
  );
}

export function InboxPage() {
  const { t } = useTranslation('admin');
  const errorText = useAdminErrorText();
  const csv = useAction();
  const [status, setStatus] = useState<'open' | 'answered'>('open');
  const [page, setPage] = useState(1);
  const path = messagesPath(status, page);
  const { state, retry } = useRemote(path, (signal) => listMessages(path, signal));
  return (
    <AdminLayout section="inbox" title={t('inbox.title')}>
      <div className={styles.toolbar}>
        <div className={styles.field}>
          <label htmlFor="admin-inbox-status" className={styles.label}>
            {t('inbox.status')}
          </label>
          <select
            id="admin-inbox-status"
            className={styles.input}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value === 'answered' ? 'answered' : 'open');
              setPage(1);
            }}
          >
            <option value="open">{t('inbox.open')}</option>
            <option value="answered">{t('inbox.answered')}</option>
          </select>
        </div>
        <button type="button" className={button({ tone: 'secondary' })} disabled={csv.busy} onClick={() => void csv.run(() => downloadCsv('/api/admin/newsletter-subscribers.csv', 'newsletter-subscribers.csv'), t('inbox.downloaded'))}>
          {t('inbox.newsletterCsv')}
        </button>
      </div>
      <Outcome state={csv} testId="admin-csv-outcome" />
      {state.status === 'loading' ? (
        <Skeleton style={{ blockSize: '10rem' }} />
      ) : state.status === 'error' ? (
        <ErrorState title={errorText(state.error)} onRetry={retry} />
      ) : state.data.data.length === 0 ? (
        <EmptyState title={t('inbox.empty')} />
      ) : (
        <>
          <ul className={styles.list}>
            {state.data.data.map((message) => (
              <MessageItem key={message.id} message={message} onAnswered={retry} />
            ))}
          </ul>
          <Pager meta={state.data.meta} page={page} onPage={setPage} />
        </>
      )}
    </AdminLayout>
  );
}
