/** Profile › Security: change (or, for a Google-only account, set) the password → POST /api/user/password. */
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, type User } from '../../domain/account';
import { apiRequest } from '../auth/api-client';
import { setSessionUser } from '../auth/use-session';
import { TextField } from './form-fields';
import { AccountFormFrame } from './form-status';
import * as styles from './forms.css';
import { useAccountForm, useDraft } from './use-account-form';
import { validatePassword, type PasswordDraft } from './validation';

const EMPTY: PasswordDraft = { current_password: '', password: '', password_confirmation: '' };

export function SecurityForm({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const form = useAccountForm('updatePassword');
  const { draft, setDraft, text } = useDraft(EMPTY, form);
  const hasPassword = user.has_password;

  return (
    <AccountFormFrame
      form={form}
      savedText={t('profile.security.saved')}
      submitText={t('profile.security.submit')}
      intro={
        <p className={styles.hint}>
          {hasPassword ? t('profile.security.intro', { min: PASSWORD_MIN_LENGTH }) : t('profile.security.googleIntro')}
        </p>
      }
      onSubmit={() => {
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
      {/* Lets password managers tie the new password to the account. */}
      <input type="text" name="username" autoComplete="username" value={user.email} readOnly hidden />
      {hasPassword && (
        <TextField
          {...text('current_password')}
          label={t('profile.security.currentPassword')}
          type="password"
          autoComplete="current-password"
          required
        />
      )}
      <div className={styles.grid}>
        <TextField
          {...text('password')}
          label={t('profile.security.newPassword')}
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
        />
        <TextField
          {...text('password_confirmation')}
          label={t('profile.security.confirmPassword')}
          type="password"
          autoComplete="new-password"
          required
        />
      </div>
    </AccountFormFrame>
  );
}
