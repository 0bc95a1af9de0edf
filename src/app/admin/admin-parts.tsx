/**
 * Pieces every console page uses: an action that needs a reason (typed, then confirmed), an action that needs only a
 * confirmation (it moves money), an object's history from
 * the audit log (shown on the object), an action's running state with its outcome said to screen readers, and the
 * page switcher.
 */
import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from './admin-format';
import { useLanguage } from '../i18n/use-language';
import { useRemote } from '../seller/use-remote';
import { button } from '../theme/recipes.css';
import { ErrorState, Skeleton } from '../ui/states';
import { auditPath, listAudit, type PageMeta } from './admin-api';
import { useAdminErrorText } from './admin-errors';
import { REASON_MAX_LENGTH } from './reason-limit';
import * as styles from './admin.css';

/** A console form's labelled control: `id` is the control's, which the label names. */
export function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
    </div>
  );
}

export interface ActionState {
  busy: boolean;
  /** What the last action came to: done (its text) or failed (the error's text). */
  outcome: { ok: boolean; text: string } | null;
  run: (action: () => Promise<unknown>, done: string) => Promise<boolean>;
}

export function useAction(): ActionState {
  const errorText = useAdminErrorText();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ActionState['outcome']>(null);
  const run = useCallback(
    async (action: () => Promise<unknown>, done: string) => {
      setBusy(true);
      setOutcome(null);
      try {
        await action();
        setOutcome({ ok: true, text: done });
        return true;
      } catch (error) {
        setOutcome({ ok: false, text: errorText(error) });
        return false;
      } finally {
        setBusy(false);
      }
    },
    [errorText],
  );
  return { busy, outcome, run };
}

export function Outcome({ state, testId }: { state: ActionState; testId: string }) {
  return (
    <p role="status" aria-live="polite" className={state.outcome?.ok === false ? undefined : styles.note} data-testid={testId}>
      {state.outcome?.text ?? ''}
    </p>
  );
}

/** A button that opens a reason field; the action runs with the reason once confirmed. */
export function ReasonAction({ label, disabled, onConfirm, testId }: { label: string; disabled?: boolean; onConfirm: (reason: string) => void; testId: string }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  if (!open) {
    return (
      <button type="button" className={button({ tone: 'secondary' })} disabled={disabled} onClick={() => setOpen(true)} data-testid={testId}>
        {label}
      </button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    onConfirm(reason.trim());
    setOpen(false);
    setReason('');
  };
  return (
    <form onSubmit={submit} className={styles.item} data-testid={`${testId}-form`}>
      <label htmlFor={id} className={styles.label}>
        {t('reason.label')}
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        value={reason}
        autoFocus
        maxLength={REASON_MAX_LENGTH}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? `${id}-error` : undefined}
        onChange={(e) => {
          setReason(e.target.value);
          setMissing(false);
        }}
      />
      {missing && (
        <p id={`${id}-error`} role="alert">
          {t('reason.required')}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={button({ tone: 'primary' })} disabled={disabled}>
          {t('reason.confirm', { action: label })}
        </button>
        <button type="button" className={button({ tone: 'ghost' })} onClick={() => setOpen(false)}>
          {t('reason.cancel')}
        </button>
      </div>
    </form>
  );
}

/**
 * A button whose action runs only once confirmed: the first click shows what it does (`warning`) with Confirm and
 * Cancel. Buttons only (no form), so it can sit inside another form.
 */
export function ConfirmAction({ label, warning, disabled, onConfirm, testId }: { label: string; warning: string; disabled?: boolean; onConfirm: () => void; testId: string }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button type="button" className={button({ tone: 'secondary' })} disabled={disabled} onClick={() => setOpen(true)} data-testid={testId}>
        {label}
      </button>
    );
  }
  return (
    <div role="group" aria-labelledby={id} className={styles.item} data-testid={`${testId}-confirm`}>
      <p id={id}>{warning}</p>
      <div className={styles.actions}>
        <button
          type="button"
          className={button({ tone: 'primary' })}
          disabled={disabled}
          autoFocus
          onClick={() => {
            setOpen(false);
            onConfirm();
          }}
          data-testid={`${testId}-yes`}
        >
          {t('reason.confirm', { action: label })}
        </button>
        <button type="button" className={button({ tone: 'ghost' })} onClick={() => setOpen(false)}>
          {t('reason.cancel')}
        </button>
      </div>
    </div>
  );
}

function HistoryList({ object }: { object: string }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const errorText = useAdminErrorText();
  const path = auditPath({ object });
  const { state, retry } = useRemote(path, (signal) => listAudit(path, signal));
  if (state.status === 'loading') return <Skeleton style={{ blockSize: '3rem' }} />;
  if (state.status === 'error') return <ErrorState title={errorText(state.error)} onRetry={retry} />;
  if (state.data.data.length === 0) return <p className={styles.muted}>{t('audit.none')}</p>;
  return (
    <ol className={styles.list}>
      {state.data.data.map((entry) => (
        <li key={entry.id} className={styles.muted}>
          {t('audit.line', { when: formatDateTime(entry.created_at, language), who: entry.actor?.name ?? t('audit.system'), action: entry.action })}
          {entry.reason ? ` — ${entry.reason}` : ''}
        </li>
      ))}
    </ol>
  );
}

/** "History": the object's audit entries, read when opened. `object` is `type:id` (shop:12). */
export function History({ object }: { object: string }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  return (
    <details data-testid={`history-${object}`} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className={button({ tone: 'ghost' })}>{t('audit.history')}</summary>
      {open && <HistoryList object={object} />}
    </details>
  );
}

export function Pager({ meta, page, onPage }: { meta: PageMeta | undefined; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('admin');
  if (!meta || meta.last_page <= 1) return null;
  return (
    <nav className={styles.actions} aria-label={t('pager.label')}>
      <button type="button" className={button({ tone: 'secondary' })} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </button>
      <span className={styles.muted}>{t('pager.page', { page, last: meta.last_page })}</span>
      <button type="button" className={button({ tone: 'secondary' })} disabled={page >= meta.last_page} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}
