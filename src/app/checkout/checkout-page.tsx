/**
 * /checkout (spec §2, §4, §5; login required, the route is guarded): shipping → payment → review with a step
 * indicator, from the local cart. Waits for the cart and the signed-in user (their profile and default
 * shipping address prefill the form; offline without a cached user the form starts empty).
 */
import { useTranslation } from 'react-i18next';
import { AccountLayout } from '../account/account-layout';
import { useSession } from '../auth/use-session';
import { useData } from '../data/use-data';
import { visuallyHidden } from '../theme/global.css';
import { ErrorState, Skeleton } from '../ui/states';
import { useOnline } from '../ui/use-online';
import { CheckoutFlow } from './checkout-flow';

export function CheckoutPage() {
  const { t } = useTranslation('orders');
  const { user } = useSession();
  const online = useOnline();
  const cart = useData({ kind: 'cart' });
  const ready = cart.data !== undefined && (user !== null || !online);

  return (
    <AccountLayout title={t('checkout.title')} back={false}>
      {cart.status === 'error' ? (
        <ErrorState onRetry={cart.retry} />
      ) : ready && cart.data ? (
        <CheckoutFlow user={user} cartCount={cart.data.lines.length} />
      ) : (
        <div aria-busy="true">
          <p className={visuallyHidden} role="status">{t('checkout.loading')}</p>
          <Skeleton style={{ blockSize: '20rem', borderRadius: '16px' }} />
        </div>
      )}
    </AccountLayout>
  );
}
