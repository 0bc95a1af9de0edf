/**
 * /returns (spec §2, §5, §9): three tabs (returns policy, exchanges, return process) in the WAI-ARIA tabs
 * pattern, the selected one kept in ?tab= so it survives a reload and can be linked to.
 */
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { Tabs } from '../account/tabs';
import { ContactNote, ContentPage } from './content-page';
import * as page from './content-page.css';
import { RETURNS_RULES, RETURNS_TABS, returnsTabOf, searchForReturnsTab, type ReturnsTab } from './returns-tabs';

export function ReturnsPage() {
  const { t, ready } = useTranslation('content');
  const search = useSearch();
  const [location, navigate] = useLocation();
  const tab = returnsTabOf(search);

  const select = (next: ReturnsTab) => {
    if (next === tab) return;
    const query = searchForReturnsTab(search, next);
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };

  return (
    <ContentPage id="returns" ready={ready} title={t('returns.title')} intro={t('returns.intro')}>
      <Tabs
        label={t('returns.tabsLabel')}
        tabs={RETURNS_TABS.map((key) => ({ key, label: t(`returns.tabs.${key}`) }))}
        selected={tab}
        onSelect={select}
      >
        <div className={page.section} data-testid={`returns-panel-${tab}`}>
          <h2 className={page.heading}>{t(`returns.tabs.${tab}`)}</h2>
          {tab === 'process' ? (
            <>
              <p>{t('returns.process.intro')}</p>
              <ol className={page.list}>
                {RETURNS_RULES.process.map((step) => (
                  <li key={step}>{t(`returns.process.steps.${step}`)}</li>
                ))}
              </ol>
            </>
          ) : (
            <ul className={page.list}>
              {tab === 'policy'
                ? RETURNS_RULES.policy.map((rule) => <li key={rule}>{t(`returns.policy.${rule}`)}</li>)
                : RETURNS_RULES.exchanges.map((rule) => <li key={rule}>{t(`returns.exchanges.${rule}`)}</li>)}
            </ul>
          )}
        </div>
      </Tabs>
      <ContactNote prompt={t('returns.contactPrompt')} link={t('returns.contactLink')} />
    </ContentPage>
  );
}
