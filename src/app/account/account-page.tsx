/** /account: who is signed in (spec §6 role labels), their contact details, their shop, and the way to every account page. */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { User } from '../../domain/account';
import { LogoutButton } from '../auth/logout-button';
import { useSession } from '../auth/use-session';
import { useLanguage } from '../i18n/use-language';
import { ROUTES, shopPath } from '../routing/paths';
import { badge, button } from '../theme/recipes.css';
import { Skeleton } from '../ui/states';
import { AccountLayout } from './account-layout';
import * as layout from './account-layout.css';
import * as styles from './account-page.css';
import { formatMemberSince } from './format';
import * as forms from './forms.css';
import { useOnline } from '../ui/use-online';

const LINKS = [
  { href: ROUTES.profile, title: 'nav.profile', text: 'nav.profileText' },
  { href: ROUTES.address, title: 'nav.addresses', text: 'nav.addressesText' },
  { href: ROUTES.orders, title: 'nav.orders', text: 'nav.ordersText' },
  { href: ROUTES.settings, title: 'nav.settings', text: 'nav.settingsText' },
  { href: ROUTES.accountPhone, title: 'nav.phone', text: 'nav.phoneText' },
] as const;

function Details({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const language = useLanguage();
  return (
    <dl className={styles.details}>
      <dt className={styles.term}>{t('overview.role')}</dt>
      <dd className={styles.value} data-testid="account-role">
        {t(`roles.${user.role}`)}
      </dd>
      <dt className={styles.term}>{t('overview.memberSince')}</dt>
      <dd className={styles.value}>
        <time dateTime={user.member_since}>{formatMemberSince(user.member_since, language, user.preferences.timezone)}</time>
      </dd>
      <dt className={styles.term}>{t('overview.email')}</dt>
      <dd className={styles.value} dir="ltr">
        {user.email}
      </dd>
      <dt className={styles.term}>{t('overview.phone')}</dt>
      <dd className={styles.value}>
        {user.phone ? (
          <bdi dir="ltr">{user.phone}</bdi>
        ) : (
          <span>{t('overview.noPhone')}</span>
        )}
        {user.phone && user.phone_verified ? (
          <span className={badge({ tone: 'express' })}>{t('overview.verified')}</span>
        ) : (
          <Link href={ROUTES.accountPhone} className={styles.inlineLink}>
            {user.phone ? t('overview.verify') : t('overview.addPhone')}
          </Link>
        )}
      </dd>
    </dl>
  );
}

export function AccountPage() {
  const { t } = useTranslation('account');
  const { t: tOrders } = useTranslation('orders');
  const { user, stale } = useSession();
  const online = useOnline();

  if (!user) {
    return (
      <AccountLayout title={t('overview.title')} back={false}>
        <Skeleton style={{ blockSize: '12rem' }} />
      </AccountLayout>
    );
  }

  return (
    <AccountLayout title={t('overview.title')} heading={t('overview.greeting', { name: user.name })} back={false}>
      {stale && !online && <p className={forms.info}>{t('overview.stale')}</p>}
      <div className={layout.card}>
        <Details user={user} />
      </div>
      {user.role === 'seller' && user.shop && (
        <div className={layout.card}>
          <h2 className={layout.cardTitle}>{t('overview.shop')}</h2>
          <Link href={shopPath(user.shop.slug)} className={button({ tone: 'secondary' })}>
            {t('overview.openShop', { name: user.shop.name })}
          </Link>
          <Link href={ROUTES.seller} className={styles.linkCard} data-testid="seller-dashboard-link">
            <span className={styles.linkTitle}>{t('overview.sellerApp')}</span>
            <span className={styles.linkText}>{t('overview.sellerAppText')}</span>
          </Link>
          <Link href={ROUTES.sellerOrders} className={styles.linkCard} data-testid="seller-orders-link">
            <span className={styles.linkTitle}>{tOrders('seller.accountLink')}</span>
            <span className={styles.linkText}>{tOrders('seller.accountLinkText')}</span>
          </Link>
        </div>
      )}
      {user.role === 'user' && (
        <Link href={ROUTES.sellerRegister} className={styles.linkCard} data-testid="open-shop-link">
          <span className={styles.linkTitle}>{t('overview.becomeSeller')}</span>
          <span className={styles.linkText}>{t('overview.becomeSellerText')}</span>
        </Link>
      )}
      <nav aria-label={t('nav.label')}>
        <ul className={styles.links}>
          {LINKS.map((link) => (
            <li key={link.href}>
              <Link href={link.href} className={styles.linkCard}>
                <span className={styles.linkTitle}>{t(link.title)}</span>
                <span className={styles.linkText}>{t(link.text)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.footer}>
        <LogoutButton label={t('overview.logout')} busyLabel={t('overview.loggingOut')} />
      </div>
    </AccountLayout>
  );
}
