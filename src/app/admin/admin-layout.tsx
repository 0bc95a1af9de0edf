/**
 * The frame of every console page (/admin/*): the title, the sections this role may open, and the page. A signed-in
 * user who is neither admin nor manager gets a clear "not allowed" page (a guest never gets here: the routes send
 * guests to sign in); so does a manager on the money page. The catalogue loads on demand: the frame waits for it.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { AccountLayout } from '../account/account-layout';
import { useSession } from '../auth/use-session';
import { ROUTES } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { EmptyState, Skeleton } from '../ui/states';
import './admin-catalogs';
import { canOpenConsole, sectionsFor, type AdminSection } from './admin-access';
import * as tabs from '../ui/tab-nav.css';

const HREF: Record<AdminSection, string> = {
  shops: ROUTES.admin,
  moderation: ROUTES.adminModeration,
  money: ROUTES.adminMoney,
  inbox: ROUTES.adminInbox,
  audit: ROUTES.adminAudit,
};

function AdminNav({ sections, current }: { sections: readonly AdminSection[]; current: AdminSection }) {
  const { t } = useTranslation('admin');
  return (
    <nav className={tabs.nav} aria-label={t('nav.label')}>
      <ul className={tabs.navList}>
        {sections.map((section) => (
          <li key={section}>
            <Link href={HREF[section]} className={tabs.navLink} aria-current={section === current ? 'page' : undefined} data-testid={`admin-nav-${section}`}>
              {t(`nav.${section}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function NotAllowed() {
  const { t } = useTranslation('admin');
  return (
    <AccountLayout title={t('denied.title')}>
      <div data-testid="admin-denied">
        <EmptyState title={t('denied.body')}>
          <Link href={ROUTES.home} className={button({ tone: 'primary' })}>
            {t('denied.home')}
          </Link>
        </EmptyState>
      </div>
    </AccountLayout>
  );
}

export function AdminLayout({ section, title, children }: { section: AdminSection; title: string; children: ReactNode }) {
  const { ready } = useTranslation('admin');
  const { user } = useSession();
  const [location] = useLocation();
  if (!ready || user === null) return <Skeleton style={{ blockSize: '16rem', inlineSize: '100%' }} />;
  const sections = sectionsFor(user.role);
  if (!canOpenConsole(user.role) || !sections.includes(section)) return <NotAllowed key={location} />;
  return (
    <AccountLayout title={title} back={false}>
      <AdminNav sections={sections} current={section} />
      {children}
    </AccountLayout>
  );
}
