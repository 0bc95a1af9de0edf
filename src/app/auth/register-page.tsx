/** /register?redirect=…: names (optional), email, password twice; back to the redirect afterwards. */
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useSearch } from 'wouter';
import { PASSWORD_MIN_LENGTH, type AuthSuccess } from '../../domain/account';
import { loginPath } from '../routing/paths';
import { useDocumentTitle } from '../ui/use-document-title';
import { apiRequest } from './api-client';
import * as styles from './auth-form.css';
import { AuthFormPage } from './auth-form-page';
import { redirectFromSearch } from './redirect';
import { EMAIL_INPUT, passwordInput, TextField } from './text-field';
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
  const { values, submit, field, formError, setFormError, submitting } = useAuthForm(FIELDS, 'register', EMPTY);

  if (status === 'signed-in') return <Redirect to={redirect} replace />;

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
    <AuthFormPage
      name="register"
      formError={formError}
      submitting={submitting}
      onSubmit={onSubmit}
      onGoogleError={setFormError}
      switchText={t('register.haveAccount')}
      switchLinkText={t('register.loginLink')}
      switchHref={loginPath(redirect)}
    >
      <div className={styles.row}>
        <TextField
          {...field('first_name')}
          autoComplete="given-name"
          label={t('register.firstName')}
          optionalText={t('register.optional')}
        />
        <TextField
          {...field('last_name')}
          autoComplete="family-name"
          label={t('register.lastName')}
          optionalText={t('register.optional')}
        />
      </div>
      <TextField {...field('email')} {...EMAIL_INPUT} label={t('register.email')} />
      <TextField
        {...field('password')}
        {...passwordInput('new-password')}
        label={t('register.password')}
        hint={t('register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
      />
      <TextField {...field('password_confirmation')} {...passwordInput('new-password')} label={t('register.confirmPassword')} />
    </AuthFormPage>
  );
}
