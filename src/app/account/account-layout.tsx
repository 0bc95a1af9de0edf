/** The frame of every account page: a back link (except on /account), the title (also the document title), an intro. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ROUTES } from '../routing/paths';
import { useDocumentTitle } from '../ui/use-document-title';
import * as styles from './account-layout.css';

export function AccountLayout({
  title,
  heading,
  intro,
  back = true,
  children,
}: {
  title: string;
  /** The visible heading when it differs from the document title (the greeting on /account). */
  heading?: string;
  intro?: ReactNode;
  back?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('account');
  useDocumentTitle(title);
  return (
    <section className={styles.page} aria-labelledby="account-page-title">
      <div className={styles.head}>
        {back && (
          <Link href={ROUTES.account} className={styles.back}>
            <span aria-hidden="true">{'‹ '}</span>
            {t('nav.back')}
          </Link>
        )}
        <h1 id="account-page-title" className={styles.title}>
          {heading ?? title}
        </h1>
        {intro && <p className={styles.intro}>{intro}</p>}
      </div>
      {children}
    </section>
  );
}
