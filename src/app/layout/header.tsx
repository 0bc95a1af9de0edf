import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { AccountLink, SessionNotice } from '../auth/account-link';
import { CartBadge } from '../cart/cart-badge';
import { MessagesNavItem } from '../chat/messages-nav-link';
import { communityPath, genderPath, productsPath, shopsPath } from '../routing/paths';
import { SyncLink } from '../sync-centre/sync-link';
import { LanguageSwitcher } from './language-switcher';
import { SearchBox } from './search-box';
import { ThemeToggle } from './theme-toggle';
import * as styles from './header.css';

function NavLink({ href, children }: { href: string; children: string }) {
  const [location] = useLocation();
  return (
    <Link href={href} className={styles.navLink} aria-current={location === href ? 'page' : undefined}>
      {children}
    </Link>
  );
}

export function Header({ onLanguageChange }: { onLanguageChange: (language: string) => void }) {
  const { t } = useTranslation();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link href="/" className={styles.logo} aria-label={t('app.homeLink')}>
          <img className={styles.logoMark} src="/icons/icon.svg" alt="" width="36" height="36" />
          <span aria-hidden="true">{t('app.name')}</span>
        </Link>
        <div className={styles.searchArea}>
          <SearchBox />
        </div>
        <div className={styles.tools}>
          <LanguageSwitcher onChange={onLanguageChange} />
          <ThemeToggle />
          <SyncLink />
          <CartBadge />
          <AccountLink />
        </div>
      </div>
      <nav className={styles.nav} aria-label={t('nav.main')}>
        <ul className={styles.navList}>
          <li>
            <NavLink href="/">{t('nav.home')}</NavLink>
          </li>
          <li>
            <NavLink href={productsPath()}>{t('nav.allProducts')}</NavLink>
          </li>
          <li>
            <NavLink href={genderPath('women')}>{t('nav.women')}</NavLink>
          </li>
          <li>
            <NavLink href={genderPath('men')}>{t('nav.men')}</NavLink>
          </li>
          <li>
            <NavLink href={genderPath('children')}>{t('nav.children')}</NavLink>
          </li>
          <li>
            <NavLink href={shopsPath()}>{t('shops.navLink')}</NavLink>
          </li>
          <li>
            <NavLink href={communityPath()}>{t('nav.community')}</NavLink>
          </li>
          <MessagesNavItem />
        </ul>
      </nav>
      <SessionNotice />
    </header>
  );
}
