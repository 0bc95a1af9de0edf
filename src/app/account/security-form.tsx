/** Profile › Security: change (or, for a Google-only account, set) the password → POST /api/user/password. */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, type User } from '../../domain/account';
import { apiRequest } from '../auth/api-client';
import { setSessionUser } from '../auth/use-session';
import { button } from '../theme/recipes.css';
import { TextField } from './form-fields';
import { FormStatus, OfflineNotice } from './form-status';
import * as styles from './forms.css';
import { useAccountForm } from './use-account-form';
import { useOnline } from '../ui/use-online';
import { validatePassword, type PasswordDraft } from './validation';

const EMPTY: PasswordDraft = { current_password: '', password: '', password_confirmation: '' };

export function SecurityForm({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const online = useOnline();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState(EMPTY);
  const form = useAccountForm('updatePassword', formRef);
  const hasPassword = user.has_password;

  const set = (field: keyof PasswordDraft) => (value: string) => {
    form.touch();
    setDraft((d) => ({ ...d, [field]: value }));
  };

  return (
    <form
      ref={formRef}
      className={styles.form}
      noValidate
      aria-busy={form.saving}
      onSubmit={(event) => {
        event.preventDefault();
        const body = hasPassword ? draft : { password: draft.password, password_confirmation: draft.password_confirmation };
        void form.submit(
          validatePassword(draft, hasPassword),
          () => apiRequest<{ user: User }>('POST', '/api/user/password', body),
          (answer) => {
            setSessionUser(answer.user);
            setDraft(EMPTY);
          },
        );
      }}
    >
      <p className={styles.hint}>
        {hasPassword ? t('profile.security.intro', { min: PASSWORD_MIN_LENGTH }) : t('profile.security.googleIntro')}
      </p>
      {!online && <OfflineNotice />}
      <fieldset className={styles.fieldset} disabled={!online || form.saving}>
        {/* Lets password managers tie the new password to the account. */}
        <input type="text" name="username" autoComplete="username" value={user.email} readOnly hidden />
        {hasPassword && (
          <TextField
            label={t('profile.security.currentPassword')}
            name="current_password"
            type="password"
            autoComplete="current-password"
            required
            value={draft.current_password}
            onValue={set('current_password')}
            error={form.fieldErrors.current_password}
          />
        )}
        <div className={styles.grid}>
          <TextField
            label={t('profile.security.newPassword')}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            value={draft.password}
            onValue={set('password')}
            error={form.fieldErrors.password}
          />
          <TextField
            label={t('profile.security.confirmPassword')}
            name="password_confirmation"
            type="password"
            autoComplete="new-password"
            required
            value={draft.password_confirmation}
            onValue={set('password_confirmation')}
            error={form.fieldErrors.password_confirmation}
          />
        </div>
        <div className={styles.actions}>
          <button type="submit" className={button({ tone: 'primary' })}>
            {form.saving ? t('form.saving') : t('profile.security.submit')}
          </button>
        </div>
      </fieldset>
      <FormStatus saved={form.saved} savedText={t('profile.security.saved')} error={form.error} />
    </form>
  );
}
