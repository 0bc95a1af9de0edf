/** /register?redirect=…: names (optional), email, password twice; back to the redirect afterwards. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Redirect, useSearch } from 'wouter';
import { PASSWORD_MIN_LENGTH, type AuthSuccess } from '../../domain/account';
import { loginPath } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { useDocumentTitle } from '../ui/use-document-title';
import { apiRequest } from './api-client';
import * as styles from './auth-form.css';
import { GoogleSignIn } from './google-sign-in';
import { redirectFromSearch } from './redirect';
import { TextField } from './text-field';
import { useAuthForm } from './use-auth-form';
import { signIn, useSession } from './use-session';
import { validateRegister, type RegisterValues } from './validation';

const FIELDS = ['first_name', 'last_name', 'email', 'password', 'password_confirmation'] as const;

const EMPTY: RegisterValues = { first_name: '', last_name: '', email: '', password: '', password_confirmation: '' };

export function RegisterPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('register.title'));
  const redirect = redirectFromSearch(useSearch());
  const { status } = useSession();
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const { submit, field, formError, setFormError, submitting } = useAuthForm(FIELDS, 'register');

  if (status === 'signed-in') return <Redirect to={redirect} replace />;

  const set = (name: keyof RegisterValues) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(validateRegister(values), async () => {
      const firstName = values.first_name.trim();
      const lastName = values.last_name.trim();
      const result = await apiRequest<AuthSuccess>('POST', '/api/auth/register', {
        ...(firstName ? { first_name: firstName } : {}),
        ...(lastName ? { last_name: lastName } : {}),
        email: values.email.trim(),
        password: values.password,
        password_confirmation: values.password_confirmation,
      });
      signIn(result);
    });
  };

  return (
    <section className={styles.page} aria-labelledby="register-title">
      <div className={styles.card}>
        <h1 id="register-title" className={styles.title}>
          {t('register.title')}
        </h1>
        <p className={styles.intro}>{t('register.intro')}</p>
        {formError ? (
          <p className={styles.formError} role="alert" data-testid="auth-form-error">
            {formError}
          </p>
        ) : null}
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={submitting}>
          <div className={styles.row}>
            <TextField
              {...field('first_name')}
              id="register-first-name"
              name="first_name"
              autoComplete="given-name"
              label={t('register.firstName')}
              optionalText={t('register.optional')}
              value={values.first_name}
              onChange={set('first_name')}
            />
            <TextField
              {...field('last_name')}
              id="register-last-name"
              name="last_name"
              autoComplete="family-name"
              label={t('register.lastName')}
              optionalText={t('register.optional')}
              value={values.last_name}
              onChange={set('last_name')}
            />
          </div>
          <TextField
            {...field('email')}
            id="register-email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            dir="ltr"
            required
            label={t('register.email')}
            value={values.email}
            onChange={set('email')}
          />
          <TextField
            {...field('password')}
            id="register-password"
            name="password"
            type="password"
            autoComplete="new-password"
            dir="ltr"
            required
            label={t('register.password')}
            hint={t('register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            value={values.password}
            onChange={set('password')}
          />
          <TextField
            {...field('password_confirmation')}
            id="register-password-confirmation"
            name="password_confirmation"
            type="password"
            autoComplete="new-password"
            dir="ltr"
            required
            label={t('register.confirmPassword')}
            value={values.password_confirmation}
            onChange={set('password_confirmation')}
          />
          <button type="submit" className={button({ tone: 'primary', block: true })} disabled={submitting}>
            {submitting ? t('register.submitting') : t('register.submit')}
          </button>
        </form>
        <p className={styles.divider}>{t('google.or')}</p>
        <GoogleSignIn onSignedIn={signIn} onError={setFormError} text="signup_with" />
        <p className={styles.switchLine}>
          {t('register.haveAccount')}
          <Link href={loginPath(redirect)} className={styles.link}>
            {t('register.loginLink')}
          </Link>
        </p>
      </div>
    </section>
  );
}
