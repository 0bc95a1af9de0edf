/** /login?redirect=…: email and password, or Google; back to the redirect (a same-origin path) afterwards. */
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useSearch } from 'wouter';
import type { AuthSuccess } from '../../domain/account';
import { registerPath } from '../routing/paths';
import { useDocumentTitle } from '../ui/use-document-title';
import { apiRequest } from './api-client';
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
    >
      <TextField {...field('email')} {...EMAIL_INPUT} label={t('login.email')} />
      <TextField {...field('password')} {...passwordInput('current-password')} label={t('login.password')} />
    </AuthFormPage>
  );
}
