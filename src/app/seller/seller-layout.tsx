/**
 * The frame of every page of the seller's app (/seller/*): the account frame (title, intro, back link) with the
 * app's own navigation — dashboard, products, orders — under it. The seller catalogue loads on demand, so the
 * page waits for it before showing its texts.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { AccountLayout } from '../account/account-layout';
import { ROUTES } from '../routing/paths';
import { Skeleton } from '../ui/states';
import './seller-catalogs';
import * as tabs from '../ui/tab-nav.css';

const SECTIONS = [
  { href: ROUTES.seller, key: 'dashboard' },
  { href: ROUTES.sellerProducts, key: 'products' },
  { href: ROUTES.sellerOrders, key: 'orders' },
  { href: ROUTES.sellerMoney, key: 'money' },
] as const;

function isCurrent(location: string, href: string): boolean {
  if (href === ROUTES.seller) return location === href;
  return location === href || location.startsWith(`${href}/`);
}

export function SellerNav() {
  const { t } = useTranslation('seller');
  const [location] = useLocation();
  return (
    <nav className={tabs.nav} aria-label={t('nav.label')}>
      <ul className={tabs.navList}>
        {SECTIONS.map((section) => (
          <li key={section.key}>
            <Link
              href={section.href}
              className={tabs.navLink}
              aria-current={isCurrent(location, section.href) ? 'page' : undefined}
              data-testid={`seller-nav-${section.key}`}
            >
              {t(`nav.${section.key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** `nav` false: the sign-up page, before there is a shop to navigate. */
export function SellerLayout({
  title,
  intro,
  nav = true,
  children,
}: {
  /** The caller's text (its useTranslation('seller') re-renders it once the catalogue is in). */
  title: string;
  intro?: ReactNode;
  nav?: boolean;
  children: ReactNode;
}) {
  const { ready } = useTranslation('seller');
  if (!ready) return <Skeleton style={{ blockSize: '16rem', inlineSize: '100%' }} />;
  return (
    <AccountLayout title={title} intro={intro}>
      {nav && <SellerNav />}
      {children}
    </AccountLayout>
  );
}
