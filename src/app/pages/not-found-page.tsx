import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { button } from '../theme/recipes.css';
import { useDocumentTitle } from '../ui/use-document-title';
import * as styles from './not-found-page.css';

export function NotFoundPage({ title, text }: { title?: string; text?: string }) {
  const { t } = useTranslation();
  useDocumentTitle(title ?? t('notFound.title'));
  return (
    <section className={styles.page} data-testid="not-found">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>{title ?? t('notFound.title')}</h1>
      <p className={styles.text}>{text ?? t('notFound.text')}</p>
      <Link href="/" className={button({ tone: 'primary' })}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
