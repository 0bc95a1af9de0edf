/**
 * Follow / Following for a shop, with its followers count. A guest gets the spec's 'Authentication required'
 * and a link to log in and come back. Signed in, the change is local at once and queued: while it waits the
 * button says it will sync when online; a refusal ('Error following shop') stays shown until dismissed.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import type { ShopDoc } from '../../domain/catalog';
import { useOnline } from '../account/use-online';
import { shopName } from '../i18n/localized';
import { useLanguage } from '../i18n/use-language';
import { loginPath } from '../routing/paths';
import { visuallyHidden } from '../theme/global.css';
import { button } from '../theme/recipes.css';
import * as styles from './follow-button.css';
import { useFollow } from './use-follow';

export function FollowButton({ shop, showCount = true }: { shop: ShopDoc; showCount?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [location] = useLocation();
  const search = useSearch();
  const online = useOnline();
  const statusId = useId();
  const follow = useFollow(shop.id);
  const [guestAsked, setGuestAsked] = useState(false);
  const name = shopName(shop, language);
  const canFollow = shop.status !== 'suspended' || follow.isFollowing;

  const click = () => {
    if (!follow.signedIn) setGuestAsked(true);
    else void follow.toggle();
  };

  return (
    <div className={styles.follow} data-testid="follow">
      <div className={styles.row}>
        <button
          type="button"
          className={button({ tone: follow.isFollowing ? 'secondary' : 'primary', size: 'sm' })}
          onClick={click}
          disabled={follow.busy || follow.loading || !canFollow}
          aria-describedby={follow.pending ? statusId : undefined}
          data-following={follow.isFollowing}
          data-pending={follow.pending}
        >
          {follow.isFollowing ? t('follow.following') : t('follow.follow')}
          <span className={visuallyHidden}> {name}</span>
        </button>
        {showCount && <span className={styles.count}>{t('shops.followers', { count: shop.followers })}</span>}
      </div>
      <p id={statusId} role="status" className={styles.hint} data-testid="follow-pending">
        {follow.pending ? (online ? t('follow.pendingOnline') : t('follow.pendingOffline')) : ''}
      </p>
      {guestAsked && !follow.signedIn && (
        <p role="alert" className={styles.alert}>
          {t('follow.authRequired')}{' '}
          <Link href={loginPath(search ? `${location}?${search}` : location)} className={styles.link}>
            {t('follow.loginToFollow')}
          </Link>
        </p>
      )}
      {follow.checkFailed && <p className={styles.alert}>{t('follow.checkError')}</p>}
      {follow.writeError && <p role="alert" className={styles.alert}>{t('follow.errorFollow')}</p>}
      {follow.failures.map((failure) => (
        <div key={failure.id} role="alert" className={styles.failure} data-testid="follow-failure">
          <p>
            {failure.kind === 'follow' ? t('follow.errorFollow') : t('follow.errorUnfollow')}
            {failure.code === 'SHOP_SUSPENDED' ? ` ${t('follow.suspended')}` : ''}
          </p>
          <button type="button" className={button({ tone: 'ghost', size: 'sm' })} onClick={() => follow.dismiss(failure.id)}>
            {t('follow.dismiss')}
          </button>
        </div>
      ))}
    </div>
  );
}
