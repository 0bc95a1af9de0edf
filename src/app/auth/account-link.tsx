/**
 * The header's account entry: 'Log in' for a guest (coming back to this page
 * afterwards), the user's first name linking to /account when signed in. Also
 * the 'session expired' notice shown when the 24 h token ran out.
 */
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import type { User } from '../../domain/account';
import { loginPath, ROUTES } from '../routing/paths';
import { button } from '../theme/recipes.css';
import * as styles from './account-link.css';
import { safeRedirect } from './redirect';
import { useSession, useSessionNotice } from './use-session';

export function displayName(user: User | null): string {
  if (!user) return '';
  return user.first_name.trim() || user.name.trim() || user.username;
}

/** /login?redirect=<here>, unless here is a sign-in page. */
function useLoginHref(): string {
  const [location] = useLocation();
  const search = useSearch();
  return loginPath(safeRedirect(search ? `${location}?${search}` : location));
}

export function AccountLink() {
  const { t } = useTranslation('auth');
  const { status, user } = useSession();
  const [location] = useLocation();
  const loginHref = useLoginHref();

  if (status !== 'signed-in') {
    return (
      <Link href={loginHref} className={`${button({ tone: 'secondary' })} ${styles.loginLink}`} data-testid="header-login">
        {t('header.login')}
      </Link>
    );
  }
  const name = displayName(user);
  const label = name ? `${t('header.account')}: ${name}` : t('header.account');
  return (
    <Link
      href={ROUTES.account}
      className={styles.accountLink}
      aria-label={label}
      title={label}
      aria-current={location === ROUTES.account ? 'page' : undefined}
      data-testid="header-account"
    >
      <span className={styles.avatar} aria-hidden="true">
        {(name || '?').slice(0, 1).toLocaleUpperCase()}
      </span>
      <span className={styles.name}>{name || t('header.account')}</span>
    </Link>
  );
}

export function SessionNotice() {
  const { t } = useTranslation('auth');
  const { notice, dismiss } = useSessionNotice();
  const loginHref = useLoginHref();
  return (
    <div role="status" aria-live="polite">
      {notice === 'expired' ? (
        <div className={styles.notice} data-testid="session-expired">
          <span>{t('session.expired')}</span>
          <span className={styles.noticeActions}>
            <Link href={loginHref} className={styles.noticeLink} onClick={dismiss}>
              {t('header.login')}
            </Link>
            <button type="button" className={styles.noticeDismiss} onClick={dismiss}>
              {t('session.dismiss')}
            </button>
          </span>
        </div>
      ) : null}
    </div>
  );
}
