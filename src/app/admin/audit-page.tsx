/**
 * /admin/audit (issue 24 "Audit"): every operator action, newest first — who, what, when, the reason and what
 * changed — filtered by object (shop:12) or kind of object.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/use-language';
import { useRemote } from '../seller/use-remote';
import { button } from '../theme/recipes.css';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import { auditPath, listAudit } from './admin-api';
import { useAdminErrorText } from './admin-errors';
import { auditChanges, formatDateTime } from './admin-format';
import { AdminLayout } from './admin-layout';
import { Pager } from './admin-parts';
import * as styles from './admin.css';

export function AuditPage() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const errorText = useAdminErrorText();
  const [text, setText] = useState('');
  const [object, setObject] = useState('');
  const [page, setPage] = useState(1);
  const path = auditPath({ object: object || undefined, page });
  const { state, retry } = useRemote(path, (signal) => listAudit(path, signal));
  return (
    <AdminLayout section="audit" title={t('audit.title')}>
      <form
        className={styles.toolbar}
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setObject(text.trim());
          setPage(1);
        }}
      >
        <div className={styles.field}>
          <label htmlFor="admin-audit-object" className={styles.label}>
            {t('audit.object')}
          </label>
          <input id="admin-audit-object" className={styles.input} value={text} placeholder="shop:12" aria-describedby="admin-audit-hint" onChange={(e) => setText(e.target.value)} />
          <span id="admin-audit-hint" className={styles.muted}>
            {t('audit.objectHint', { example: 'shop:12' })}
          </span>
        </div>
        <button type="submit" className={button({ tone: 'secondary' })}>
          {t('audit.filter')}
        </button>
      </form>
      {state.status === 'loading' ? (
        <Skeleton style={{ blockSize: '10rem' }} />
      ) : state.status === 'error' ? (
        <ErrorState title={errorText(state.error)} onRetry={retry} />
      ) : state.data.data.length === 0 ? (
        <EmptyState title={t('audit.none')} />
      ) : (
        <>
          <ol className={styles.list}>
            {state.data.data.map((entry) => (
              <li key={entry.id} className={styles.item} data-testid="admin-audit-entry">
                <p className={styles.itemTitle}>
                  {entry.action} · {entry.object_type}:{entry.object_id}
                </p>
                <p className={styles.muted}>
                  {t('audit.line', { when: formatDateTime(entry.created_at, language), who: entry.actor?.name ?? t('audit.system'), action: entry.action })}
                </p>
                {entry.reason && <p>{t('audit.reason', { reason: entry.reason })}</p>}
                <ul className={styles.muted}>
                  {auditChanges(entry.before, entry.after).map((change) => (
                    <li key={change} dir="ltr">
                      {change}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
          <Pager meta={state.data.meta} page={page} onPage={setPage} />
        </>
      )}
    </AdminLayout>
  );
}
