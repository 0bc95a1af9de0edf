/** Profile › General: names, username and email → POST /api/user/profile. Changing the email asks for the current password. */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../domain/account';
import { apiRequest } from '../auth/api-client';
import { setSessionUser } from '../auth/use-session';
import { button } from '../theme/recipes.css';
import { TextField } from './form-fields';
import { FormStatus, OfflineNotice } from './form-status';
import * as styles from './forms.css';
import { useAccountForm } from './use-account-form';
import { useOnline } from '../ui/use-online';
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
  const online = useOnline();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState(() => draftOf(user));
  const form = useAccountForm('updateProfile', formRef);
  const needsPassword = user.has_password && emailChanged(draft, user.email);

  const set = (field: keyof ProfileDraft) => (value: string) => {
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
      {!online && <OfflineNotice />}
      <fieldset className={styles.fieldset} disabled={!online || form.saving}>
        <div className={styles.grid}>
          <TextField
            label={t('profile.general.firstName')}
            name="first_name"
            autoComplete="given-name"
            value={draft.first_name}
            onValue={set('first_name')}
            error={form.fieldErrors.first_name}
          />
          <TextField
            label={t('profile.general.lastName')}
            name="last_name"
            autoComplete="family-name"
            value={draft.last_name}
            onValue={set('last_name')}
            error={form.fieldErrors.last_name}
          />
          <TextField
            label={t('profile.general.fullNameEn')}
            name="full_name_en"
            autoComplete="name"
            dir="ltr"
            lang="en"
            value={draft.full_name_en}
            onValue={set('full_name_en')}
            error={form.fieldErrors.full_name_en}
          />
          <TextField
            label={t('profile.general.fullNameAr')}
            name="full_name_ar"
            dir="rtl"
            lang="ar"
            value={draft.full_name_ar}
            onValue={set('full_name_ar')}
            error={form.fieldErrors.full_name_ar}
          />
          <TextField
            label={t('profile.general.username')}
            name="username"
            autoComplete="username"
            dir="ltr"
            required
            value={draft.username}
            onValue={set('username')}
            error={form.fieldErrors.username}
          />
          <TextField
            label={t('profile.general.email')}
            name="email"
            type="email"
            autoComplete="email"
            dir="ltr"
            required
            value={draft.email}
            onValue={set('email')}
            error={form.fieldErrors.email}
          />
          {needsPassword && (
            <TextField
              className={styles.wide}
              label={t('profile.general.currentPassword')}
              hint={t('profile.general.currentPasswordHint')}
              name="current_password"
              type="password"
              autoComplete="current-password"
              required
              value={draft.current_password}
              onValue={set('current_password')}
              error={form.fieldErrors.current_password}
            />
          )}
        </div>
        <div className={styles.actions}>
          <button type="submit" className={button({ tone: 'primary' })}>
            {form.saving ? t('form.saving') : t('form.save')}
          </button>
        </div>
      </fieldset>
      <FormStatus saved={form.saved} savedText={t('profile.general.saved')} error={form.error} />
    </form>
  );
}
