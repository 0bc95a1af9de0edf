/**
 * /login?redirect=…: email and password, or Google; back to the redirect (a same-origin path) afterwards.
 * When a session that ended involuntarily left queued writes (SyncStatus.outbox.held), a note says that the
 * same account sends them and another one discards them.
 */
import type { FormEvent } from 'react';
import type { SyncStatus } from '../../workers/data-api';
import { useTranslation } from 'react-i18next';
import { Redirect, useSearch } from 'wouter';
import type { AuthSuccess } from '../../domain/account';
import { useSyncStatusSelector } from '../data/use-sync-status';
import { registerPath } from '../routing/paths';
import { useDocumentTitle } from '../ui/use-document-title';
import { apiRequest } from './api-client';
import * as styles from './auth-form.css';
import { AuthFormPage } from './auth-form-page';
import { redirectFromSearch } from './redirect';
import { EMAIL_INPUT, passwordInput, TextField } from './text-field';
import { useAuthForm } from './use-auth-form';
import { signIn, useSession } from './use-session';
import { validateLogin, type LoginValues } from './validation';

const FIELDS = ['email', 'password'] as const;

const EMPTY: LoginValues = { email: '', password: '' };

export function LoginPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.title'));
  const redirect = redirectFromSearch(useSearch());
  const { status } = useSession();
  const { values, submit, field, formError, setFormError, submitting } = useAuthForm(FIELDS, 'login', EMPTY);
  const held = useSyncStatusSelector(heldWrites);

  if (status === 'signed-in') return <Redirect to={redirect} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(validateLogin(values), async () => {
      const result = await apiRequest<AuthSuccess>('POST', '/api/auth/login', {
        email: values.email.trim(),
        password: values.password,
      });
      signIn(result);
    });
  };

  return (
    <AuthFormPage
      name="login"
      formError={formError}
      submitting={submitting}
      onSubmit={onSubmit}
      onGoogleError={setFormError}
      switchText={t('login.noAccount')}
      switchLinkText={t('login.registerLink')}
      switchHref={registerPath(redirect)}
      notice={
        held > 0 ? (
          <p className={styles.notice} role="status" data-testid="login-queued-notice">
            {t('login.queuedNotice', { count: held })}
          </p>
        ) : null
      }
    >
      <TextField {...field('email')} {...EMAIL_INPUT} label={t('login.email')} />
      <TextField {...field('password')} {...passwordInput('current-password')} label={t('login.password')} />
    </AuthFormPage>
  );
}

/** Writes of the last session waiting for its account (kept at an involuntary sign-out), 0 when none. */
export function heldWrites(status: SyncStatus | null): number {
  return status?.outbox.held ?? 0;
}
