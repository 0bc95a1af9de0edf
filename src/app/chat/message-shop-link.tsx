/**
 * "Message the shop" on a shop's page, for signed-in users other than the shop's own seller: opens the
 * conversation with the shop (/community/messages/{shopId}), empty until the first message.
 * Test hook: a[data-testid="message-shop"].
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSession } from '../auth/use-session';
import { messageThreadPath } from '../routing/paths';
import { button } from '../theme/recipes.css';

export function MessageShopLink({ shopId }: { shopId: number }) {
  const { t } = useTranslation();
  const { status, user } = useSession();
  if (status !== 'signed-in' || user === null || user.shop?.id === shopId) return null;
  return (
    <Link href={messageThreadPath(shopId)} className={button({ tone: 'secondary' })} data-testid="message-shop">
      {t('chat.shopLink')}
    </Link>
  );
}
