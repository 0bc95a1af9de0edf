/**
 * /privacy (spec §1, §2, §9): what Souk keeps (account, addresses, orders, messages, data on the device for offline
 * use, push tokens), why, how long, the cookies (login 7 days, theme 365 days, language), the user's rights,
 * children (not for children under 16) and contact. The figures come from the constants the app runs on.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useLanguage } from '../i18n/use-language';
import { ROUTES } from '../routing/paths';
import { inlineLink } from '../ui/text-styles.css';
import { PolicyPage, PolicySection } from './policy-page';
import * as styles from './policy-page.css';
import { paragraphs, privacyValues } from './policy-values';

const DATA = ['account', 'addresses', 'orders', 'messages', 'device', 'push'] as const;
const COOKIES = ['login', 'security', 'theme', 'language'] as const;

export default function PrivacyPage() {
  const { t, ready } = useTranslation('policies');
  const values = privacyValues(useLanguage());
  return (
    <PolicyPage
      id="privacy"
      title={ready ? t('privacy.title') : null}
      lead={t('privacy.lead')}
      updated
    >
      <PolicySection id="privacy-data" title={t('privacy.dataTitle')} paragraphs={[t('privacy.dataIntro')]}>
        <ul className={styles.list}>
          {DATA.map((item) => (
            <li key={item}>{t(`privacy.data.${item}`)}</li>
          ))}
        </ul>
      </PolicySection>
      <PolicySection id="privacy-why" title={t('privacy.whyTitle')} paragraphs={paragraphs(t('privacy.why'))} />
      <PolicySection
        id="privacy-retention"
        title={t('privacy.retentionTitle')}
        paragraphs={paragraphs(t('privacy.retention'))}
      />
      <PolicySection id="privacy-cookies" title={t('privacy.cookiesTitle')} paragraphs={[t('privacy.cookiesIntro')]}>
        <ul className={styles.list} data-testid="privacy-cookies">
          {COOKIES.map((cookie) => (
            <li key={cookie}>{t(`privacy.cookies.${cookie}`, values)}</li>
          ))}
        </ul>
      </PolicySection>
      <PolicySection id="privacy-rights" title={t('privacy.rightsTitle')} paragraphs={paragraphs(t('privacy.rights'))} />
      <PolicySection
        id="privacy-children"
        title={t('privacy.childrenTitle')}
        paragraphs={paragraphs(t('privacy.children', values))}
      />
      <PolicySection id="privacy-contact" title={t('privacy.contactTitle')} paragraphs={[t('privacy.contact')]}>
        <Link href={ROUTES.contact} className={inlineLink}>
          {t('common.contactLink')}
        </Link>
      </PolicySection>
    </PolicyPage>
  );
}
