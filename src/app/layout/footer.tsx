import { useTranslation } from 'react-i18next';
import * as styles from './footer.css';

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
        </section>
        <p className={styles.legal}>{t('footer.rights', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
