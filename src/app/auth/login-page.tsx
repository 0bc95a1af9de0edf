/** /login?redirect=…: email and password, or Google; back to the redirect (a same-origin path) afterwards. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Redirect, useSearch } from 'wouter';
import type { AuthSuccess } from '../../domain/account';
import { registerPath } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { useDocumentTitle } from '../ui/use-document-title';
import { apiRequest } from './api-client';
import * as styles from './auth-form.css';
import { GoogleSignIn } from './google-sign-in';
import { redirectFromSearch } from './redirect';
import { TextField } from './text-field';
import { useAuthForm } from './use-auth-form';
import { signIn, useSession } from './use-session';
import { validateLogin, type LoginValues } from './validation';

const FIELDS = ['email', 'password'] as const;

export function LoginPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.title'));
  const redirect = redirectFromSearch(useSearch());
  const { status } = useSession();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const { submit, field, formError, setFormError, submitting } = useAuthForm(FIELDS, 'login');

  if (status === 'signed-in') return <Redirect to={redirect} replace />;

  const set = (name: keyof LoginValues) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

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
    <section className={styles.page} aria-labelledby="login-title">
      <div className={styles.card}>
        <h1 id="login-title" className={styles.title}>
          {t('login.title')}
        </h1>
        <p className={styles.intro}>{t('login.intro')}</p>
        {formError ? (
          <p className={styles.formError} role="alert" data-testid="auth-form-error">
            {formError}
          </p>
        ) : null}
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={submitting}>
          <TextField
            {...field('email')}
            id="login-email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            dir="ltr"
            required
            label={t('login.email')}
            value={values.email}
            onChange={set('email')}
          />
          <TextField
            {...field('password')}
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            dir="ltr"
            required
            label={t('login.password')}
            value={values.password}
            onChange={set('password')}
          />
          <button type="submit" className={button({ tone: 'primary', block: true })} disabled={submitting}>
            {submitting ? t('login.submitting') : t('login.submit')}
          </button>
        </form>
        <p className={styles.divider}>{t('google.or')}</p>
        <GoogleSignIn onSignedIn={signIn} onError={setFormError} text="signin_with" />
        <p className={styles.switchLine}>
          {t('login.noAccount')}
          <Link href={registerPath(redirect)} className={styles.link}>
            {t('login.registerLink')}
          </Link>
        </p>
      </div>
    </section>
  );
}
