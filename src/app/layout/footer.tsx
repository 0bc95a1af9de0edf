import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ROUTES } from '../routing/paths';
import * as styles from './footer.css';
import { NewsletterBlock } from './newsletter-block';

export function Footer() {
  const { t } = useTranslation();
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
            <li>{t('footer.shipping')}</li>
          </ul>
        </section>
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
