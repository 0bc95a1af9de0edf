/** /profile: tabs General, Security and Preferences (spec §2); the selected tab is kept in ?tab= so it survives a reload. */
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { useSession } from '../auth/use-session';
import { Skeleton } from '../ui/states';
import { AccountLayout } from './account-layout';
import * as layout from './account-layout.css';
import { GeneralForm } from './general-form';
import { PreferencesForm } from './preferences-form';
import { PROFILE_TABS, searchWithTab, tabFromSearch, type ProfileTab } from './profile-tabs';
import { SecurityForm } from './security-form';
import { Tabs } from './tabs';

export function ProfilePage() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const tab = tabFromSearch(search);

  const select = (next: ProfileTab) => {
    if (next === tab) return;
    const query = searchWithTab(search, next);
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };

  return (
    <AccountLayout title={`${t(`profile.tabs.${tab}`)} · ${t('profile.title')}`} heading={t('profile.title')}>
      {!user ? (
        <Skeleton style={{ blockSize: '20rem' }} />
      ) : (
        <div className={layout.card}>
          <Tabs
            label={t('profile.tabsLabel')}
            tabs={PROFILE_TABS.map((key) => ({ key, label: t(`profile.tabs.${key}`) }))}
            selected={tab}
            onSelect={select}
          >
            {tab === 'general' ? (
              <GeneralForm key={user.id} user={user} />
            ) : tab === 'security' ? (
              <SecurityForm key={user.id} user={user} />
            ) : (
              <PreferencesForm key={user.id} user={user} />
            )}
          </Tabs>
        </div>
      )}
    </AccountLayout>
  );
}
