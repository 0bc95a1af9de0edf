/**
 * /become-a-seller (spec §1, §2): the pitch and the facts (10% commission per sale, no listing or monthly fees,
 * payouts every two weeks), cash on delivery, custom requests, the four steps to start, a worked example computed
 * from COMMISSION_RATE, and links to register and to contact.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useLanguage } from '../i18n/use-language';
import { ROUTES } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { PolicyPage, PolicySection } from './policy-page';
import * as styles from './policy-page.css';
import { sellerValues } from './policy-values';

const STEPS = ['register', 'verify', 'shop', 'list'] as const;

export default function BecomeSellerPage() {
  const { t, ready } = useTranslation('policies');
  const language = useLanguage();
  const values = sellerValues(language);
  return (
    <PolicyPage
      id="become-seller"
      title={ready ? t('seller.title') : null}
      lead={t('seller.lead')}
    >
      <PolicySection id="seller-costs" title={t('seller.costsTitle')}>
        <ul className={styles.factList} data-testid="seller-facts">
          <li>{t('seller.commission', values)}</li>
          <li>{t('seller.noFees')}</li>
          <li>{t('seller.payouts', values)}</li>
        </ul>
      </PolicySection>
      <PolicySection id="seller-example" title={t('seller.exampleTitle')}>
        <p className={styles.panel} data-testid="seller-example">
          {t('seller.example', values)}
        </p>
      </PolicySection>
      <PolicySection id="seller-help" title={t('seller.helpTitle')} paragraphs={[t('seller.cod'), t('seller.custom')]} />
      <PolicySection id="seller-steps" title={t('seller.stepsTitle')}>
        <ol className={styles.steps}>
          {STEPS.map((step) => (
            <li key={step} className={styles.step}>
              <h3 className={styles.stepTitle}>{t(`seller.steps.${step}.title`)}</h3>
              <p>{t(`seller.steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </PolicySection>
      <PolicySection id="seller-start" title={t('seller.ctaTitle')} paragraphs={[t('seller.ctaText')]}>
        <p className={styles.actions}>
          <Link href={ROUTES.register} className={button({ tone: 'primary' })}>
            {t('seller.register')}
          </Link>
          <Link href={ROUTES.contact} className={button({ tone: 'secondary' })}>
            {t('seller.contact')}
          </Link>
        </p>
      </PolicySection>
    </PolicyPage>
  );
}
