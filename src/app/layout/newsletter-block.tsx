/**
 * The footer's newsletter sign-up (issue 7): an email and 'Subscribe', sent to
 * POST /api/newsletter. 201 says subscribed, 200 already subscribed (one sign-up
 * per address); a refusal says why (the email checks of the contact form, too
 * many tries, no connection). Offline the button is disabled with a note.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest, ApiFailure } from '../auth/api-client';
import { isValidEmail } from '../auth/validation';
import { button } from '../theme/recipes.css';
import { useOnline } from '../ui/use-online';
import * as styles from './newsletter-block.css';

interface NewsletterAnswer {
  data?: { already_subscribed?: boolean };
}

type State =
  | { kind: 'idle' | 'sending' | 'subscribed' | 'already' }
  | { kind: 'invalid'; text: 'required' | 'email' }
  | { kind: 'failed'; text: 'tooMany' | 'offline' | 'failed' };

function failureOf(error: unknown): State {
  if (error instanceof ApiFailure && error.status === 422) {
    const required = error.errors.some((e) => / field is required\.?$/.test(e.message));
    return { kind: 'invalid', text: required ? 'required' : 'email' };
  }
  if (error instanceof ApiFailure && error.status === 429) return { kind: 'failed', text: 'tooMany' };
  if (error instanceof ApiFailure && error.status === 0) return { kind: 'failed', text: 'offline' };
  return { kind: 'failed', text: 'failed' };
}

export function NewsletterBlock() {
  const { t } = useTranslation();
  const online = useOnline();
  const id = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (state.kind === 'sending' || !online) return;
    const value = email.trim();
    if (value === '') return setState({ kind: 'invalid', text: 'required' });
    if (!isValidEmail(value)) return setState({ kind: 'invalid', text: 'email' });
    setState({ kind: 'sending' });
    apiRequest<NewsletterAnswer>('POST', '/api/newsletter', { email: value }).then(
      (answer) => setState({ kind: answer.data?.already_subscribed === true ? 'already' : 'subscribed' }),
      (error: unknown) => setState(failureOf(error)),
    );
  };

  const invalid = state.kind === 'invalid' ? t(`newsletter.errors.${state.text}`) : null;
  const done = state.kind === 'subscribed' ? t('newsletter.subscribed') : state.kind === 'already' ? t('newsletter.already') : null;

  return (
    <section aria-labelledby={`${id}-title`} className={styles.block} data-testid="newsletter">
      <h2 id={`${id}-title`} className={styles.heading}>
        {t('newsletter.title')}
      </h2>
      <p>{t('newsletter.intro')}</p>
      <form className={styles.form} noValidate onSubmit={submit} aria-busy={state.kind === 'sending'}>
        <label htmlFor={`${id}-email`} className={styles.label}>
          {t('newsletter.email')}
        </label>
        <div className={styles.row}>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            dir="ltr"
            className={[styles.input, invalid ? styles.invalid : ''].join(' ')}
            value={email}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
            onChange={(e) => {
              setEmail(e.target.value);
              if (state.kind !== 'sending') setState({ kind: 'idle' });
            }}
          />
          <button type="submit" className={button({ tone: 'primary' })} disabled={!online || state.kind === 'sending'}>
            {state.kind === 'sending' ? t('newsletter.sending') : t('newsletter.subscribe')}
          </button>
        </div>
        {invalid && (
          <p id={`${id}-error`} role="alert" className={styles.error}>
            {invalid}
          </p>
        )}
      </form>
      <div role="status" aria-live="polite">
        {!online && <p className={styles.note}>{t('newsletter.offline')}</p>}
        {done && (
          <p className={styles.success} data-testid="newsletter-status">
            {done}
          </p>
        )}
      </div>
      {state.kind === 'failed' && (
        <p role="alert" className={styles.error}>
          {t(`newsletter.errors.${state.text}`)}
        </p>
      )}
    </section>
  );
}
