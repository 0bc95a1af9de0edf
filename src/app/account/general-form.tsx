/** Profile › General: names, username and email → POST /api/user/profile. Changing the email asks for the current password. */
import { useTranslation } from 'react-i18next';
import type { User } from '../../domain/account';
import { apiRequest } from '../auth/api-client';
import { setSessionUser } from '../auth/use-session';
import { TextField } from './form-fields';
import { AccountFormFrame } from './form-status';
import * as styles from './forms.css';
import { useAccountForm, useDraft } from './use-account-form';
import { emailChanged, profileBody, validateProfile, type ProfileDraft } from './validation';

function draftOf(user: User): ProfileDraft {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    full_name_en: user.full_name_en,
    full_name_ar: user.full_name_ar,
    username: user.username,
    email: user.email,
    current_password: '',
  };
}

export function GeneralForm({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const form = useAccountForm('updateProfile');
  const { draft, setDraft, text } = useDraft<ProfileDraft>(() => draftOf(user), form);
  const needsPassword = user.has_password && emailChanged(draft, user.email);

  return (
    <AccountFormFrame
      form={form}
      savedText={t('profile.general.saved')}
      onSubmit={() => {
        void form.submit(
          validateProfile(draft, user.email, user.has_password),
          () => apiRequest<{ user: User }>('POST', '/api/user/profile', profileBody(draft, user.email)),
          (answer) => {
            setSessionUser(answer.user);
            setDraft(draftOf(answer.user));
          },
        );
      }}
    >
      <div className={styles.grid}>
        <TextField {...text('first_name')} label={t('profile.general.firstName')} autoComplete="given-name" />
        <TextField {...text('last_name')} label={t('profile.general.lastName')} autoComplete="family-name" />
        <TextField {...text('full_name_en')} label={t('profile.general.fullNameEn')} autoComplete="name" dir="ltr" lang="en" />
        <TextField {...text('full_name_ar')} label={t('profile.general.fullNameAr')} dir="rtl" lang="ar" />
        <TextField {...text('username')} label={t('profile.general.username')} autoComplete="username" dir="ltr" required />
        <TextField {...text('email')} label={t('profile.general.email')} type="email" autoComplete="email" dir="ltr" required />
        {needsPassword && (
          <TextField
            {...text('current_password')}
            className={styles.wide}
            label={t('profile.general.currentPassword')}
            hint={t('profile.general.currentPasswordHint')}
            type="password"
            autoComplete="current-password"
            required
          />
        )}
      </div>
    </AccountFormFrame>
  );
}
