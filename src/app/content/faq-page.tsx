/** /faq (spec §2): the questions, each answer cut off until opened, with a box that filters them as you type. */
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInteger } from '../i18n/number-format';
import { useLanguage } from '../i18n/use-language';
import { EmptyState } from '../ui/states';
import { ContactNote, ContentPage } from './content-page';
import * as page from './content-page.css';
import { FAQ_IDS, filterFaq, TRUSTED_SHOPPERS, type FaqEntry } from './faq-items';
import { FaqItem } from './faq-item';
import * as styles from './faq-page.css';
import { shippingFacts } from './shipping-facts';

export function FaqPage() {
  const { t, ready } = useTranslation('content');
  const language = useLanguage();
  const [query, setQuery] = useState('');
  const searchId = useId();

  const entries = useMemo<FaqEntry[]>(() => {
    const values = { ...shippingFacts(language), shoppers: formatInteger(TRUSTED_SHOPPERS, language) };
    return FAQ_IDS.map((id) => ({ id, question: t(`faq.items.${id}.q`), answer: t(`faq.items.${id}.a`, values) }));
  }, [t, language]);
  const shown = filterFaq(entries, query);

  return (
    <ContentPage id="faq" ready={ready} title={t('faq.title')} intro={t('faq.intro')}>
      <div className={styles.search} role="search">
        <label htmlFor={searchId} className={page.subheading}>
          {t('faq.searchLabel')}
        </label>
        <input
          id={searchId}
          type="search"
          className={styles.input}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <div role="status">
          {shown.length === 0 && <EmptyState title={t('faq.noResults', { query: query.trim() })} />}
        </div>
      </div>
      {shown.length > 0 && (
        <ul className={styles.list}>
          {shown.map((entry) => (
            <FaqItem key={entry.id} question={entry.question} answer={entry.answer} />
          ))}
        </ul>
      )}
      <ContactNote prompt={t('faq.moreHelp')} link={t('faq.contactLink')} />
    </ContentPage>
  );
}
