import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { shippingFacts } from '../content/shipping-facts';
import { useLanguage } from '../i18n/use-language';
import { ROUTES } from '../routing/paths';
import * as styles from './footer.css';
import { NewsletterBlock } from './newsletter-block';

/** The content pages and services every page links to (spec §2). */
const HELP_LINKS = [
  [ROUTES.faq, 'faq'],
  [ROUTES.returns, 'returns'],
  [ROUTES.shippingInfo, 'shippingInfo'],
  [ROUTES.sizeGuide, 'sizeGuide'],
  [ROUTES.tailoring, 'tailoring'],
  [ROUTES.becomeSeller, 'becomeSeller'],
  [ROUTES.privacy, 'privacy'],
  [ROUTES.terms, 'terms'],
] as const;

export function Footer() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <section aria-labelledby="footer-brand">
          <p id="footer-brand" className={styles.brand}>
            {t('app.name')}
          </p>
          <p>{t('footer.about')}</p>
          <p>{t('home.trust')}</p>
        </section>
        <section aria-labelledby="footer-payment">
          <h2 id="footer-payment" className={styles.heading}>
            {t('footer.payment')}
          </h2>
          <ul className={styles.list}>
            <li>{t('footer.cod')}</li>
            <li>{t('footer.cardSoon')}</li>
            <li>{t('footer.shipping', { amount: shippingFacts(language).freeAbove })}</li>
          </ul>
        </section>
        <nav aria-labelledby="footer-help">
          <h2 id="footer-help" className={styles.heading}>
            {t('footer.help')}
          </h2>
          <ul className={styles.list}>
            {HELP_LINKS.map(([route, key]) => (
              <li key={route}>
                <Link href={route} className={styles.link}>
                  {t(`footer.links.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-support">
          <h2 id="footer-support" className={styles.heading}>
            {t('language.label')}
          </h2>
          <p>{t('footer.support')}</p>
          <p>
            <Link href={ROUTES.contact} className={styles.link}>
              {t('contact.footerLink')}
            </Link>
          </p>
        </section>
        <NewsletterBlock />
        <p className={styles.legal}>{t('footer.rights', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
