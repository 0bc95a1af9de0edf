/** /contact (spec §2, issue 7): the contact form, for guests and signed-in users alike. */
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../ui/use-document-title';
import { ContactForm } from './contact-form';
import * as styles from './contact-page.css';

export function ContactPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('contact.title'));
  return (
    <section className={styles.page} aria-labelledby="contact-title">
      <h1 id="contact-title" className={styles.title}>
        {t('contact.title')}
      </h1>
      <p className={styles.intro}>{t('contact.intro')}</p>
      <ContactForm />
    </section>
  );
}
