/** 'Last updated: 21 November 2026', the date written out in the interface language. */
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/use-language';
import * as styles from './policy-page.css';
import { POLICIES_UPDATED_ON } from './privacy-facts';
import { formatPolicyDate } from './policy-values';

export function LastUpdated() {
  const { t } = useTranslation('policies');
  const language = useLanguage();
  return (
    <p className={styles.updated} data-testid="policy-updated">
      {t('common.lastUpdated', { date: formatPolicyDate(POLICIES_UPDATED_ON, language) })}
    </p>
  );
}
