/**
 * The page around a sign-in form: title and intro, the form-level error, the form
 * and its submit button, Google, and the link to the other form.
 */
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { button } from '../theme/recipes.css';
import * as styles from './auth-form.css';
import { GoogleSignIn } from './google-sign-in';
import { signIn } from './use-session';

export interface AuthFormPageProps {
  /** 'login' or 'register': the ids (#login-title) and the text keys (login.title…). */
  name: 'login' | 'register';
  formError: string | null;
  submitting: boolean;
  onSubmit: (event: FormEvent) => void;
  /** Where Google's refusal goes (the form-level error). */
  onGoogleError: (message: string | null) => void;
  /** The question before the link to the other form, the link's text and where it goes. */
  switchText: string;
  switchLinkText: string;
  switchHref: string;
  /** A note shown above the form (optional). */
  notice?: ReactNode;
  children: ReactNode;
}

export function AuthFormPage({
  name,
  formError,
  submitting,
  onSubmit,
  onGoogleError,
  switchText,
  switchLinkText,
  switchHref,
  notice,
  children,
}: AuthFormPageProps) {
  const { t } = useTranslation('auth');
  return (
    <section className={styles.page} aria-labelledby={`${name}-title`}>
      <div className={styles.card}>
        <h1 id={`${name}-title`} className={styles.title}>
          {t(`${name}.title`)}
        </h1>
        <p className={styles.intro}>{t(`${name}.intro`)}</p>
        {notice}
        {formError ? (
          <p className={styles.formError} role="alert" data-testid="auth-form-error">
            {formError}
          </p>
        ) : null}
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={submitting}>
          {children}
          <button type="submit" className={button({ tone: 'primary', block: true })} disabled={submitting}>
            {submitting ? t(`${name}.submitting`) : t(`${name}.submit`)}
          </button>
        </form>
        <p className={styles.divider}>{t('google.or')}</p>
        <GoogleSignIn onSignedIn={signIn} onError={onGoogleError} text={name === 'login' ? 'signin_with' : 'signup_with'} />
        <p className={styles.switchLine}>
          {switchText}
          <Link href={switchHref} className={styles.link}>
            {switchLinkText}
          </Link>
        </p>
      </div>
    </section>
  );
}
