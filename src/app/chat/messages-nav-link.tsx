/**
 * The header's "Messages" link (signed-in users) with the number of unread messages over all conversations
 * (the local mirror: the pull and the socket keep it current); its accessible name says the count.
 * Renders its own list item. Test hooks: a[data-testid="header-messages"][data-count], "header-messages-count".
 */
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useSession } from '../auth/use-session';
import { useData } from '../data/use-data';
import { formatInteger } from '../i18n/number-format';
import { useLanguage } from '../i18n/use-language';
import * as header from '../layout/header.css';
import { ROUTES } from '../routing/paths';
import * as styles from './messages-nav-link.css';

function UnreadLink() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [location] = useLocation();
  const { data } = useData({ kind: 'unreadCount' });
  const count = data?.unread_count ?? 0;
  const current = location === ROUTES.conversations || location.startsWith(`${ROUTES.conversations}/`);
  return (
    <Link
      href={ROUTES.conversations}
      className={`${header.navLink} ${styles.link}`}
      aria-label={count > 0 ? t('chat.nav.label', { count }) : undefined}
      aria-current={current ? 'page' : undefined}
      data-testid="header-messages"
      data-count={count}
    >
      {t('chat.nav.link')}
      {count > 0 && (
        <span className={styles.count} aria-hidden="true" data-testid="header-messages-count">
          {formatInteger(Math.min(count, 99), language)}
          {count > 99 ? '+' : ''}
        </span>
      )}
    </Link>
  );
}

export function MessagesNavItem() {
  const { status } = useSession();
  if (status !== 'signed-in') return null;
  return (
    <li>
      <UnreadLink />
    </li>
  );
}
