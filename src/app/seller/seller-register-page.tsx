/**
 * /seller/register: a signed-in user opens a shop (a guest is sent to sign in and comes back: PROTECTED_ROUTES).
 * After the 201 the session's user is fetched again, so it holds the seller role and the shop (the seller's links
 * appear), then the shop's phone is verified with the account's phone flow, which leads to the dashboard.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { User } from '../../domain/account';
import { normalizePhone } from '../../domain/account';
import * as layout from '../account/account-layout.css';
import * as forms from '../account/forms.css';
import { PhoneVerification } from '../account/phone-verification-page';
import { apiRequest } from '../auth/api-client';
import { setSessionUser, useSession } from '../auth/use-session';
import { ROUTES } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { Skeleton } from '../ui/states';
import { RegisterForm } from './register-form';
import { SellerLayout } from './seller-layout';

type Step = { name: 'form' } | { name: 'phone'; phone: string };

function refreshUser(): Promise<User | null> {
  return apiRequest<{ user: User }>('GET', '/api/user/profile').then(
    (body) => {
      setSessionUser(body.user);
      return body.user;
    },
    () => null,
  );
}

function AlreadySeller() {
  const { t } = useTranslation('seller');
  return (
    <div className={layout.card}>
      <p>{t('register.already')}</p>
      <Link href={ROUTES.seller} className={button({ tone: 'primary' })}>
        {t('register.toDashboard')}
      </Link>
    </div>
  );
}

export function SellerRegisterPage() {
  const { t } = useTranslation('seller');
  const { user } = useSession();
  const [step, setStep] = useState<Step>({ name: 'form' });

  let body;
  if (user === null) body = <Skeleton style={{ blockSize: '16rem' }} />;
  else if (step.name === 'phone') {
    body = (
      <>
        <p className={forms.success} role="status" data-testid="seller-registered">
          {t('register.created')}
        </p>
        <h2 className={layout.cardTitle}>{t('register.phoneTitle')}</h2>
        <p>{user.phone_verified && user.phone === step.phone ? t('dashboard.phoneVerified') : t('register.phoneIntro')}</p>
        {user.phone_verified && user.phone === step.phone ? (
          <Link href={ROUTES.seller} className={button({ tone: 'primary' })}>
            {t('register.toDashboard')}
          </Link>
        ) : (
          <PhoneVerification user={user} initialPhone={step.phone} doneHref={ROUTES.seller} />
        )}
      </>
    );
  } else if (user.role === 'admin' || user.role === 'manager') body = <p className={forms.info}>{t('errors.OPERATOR_CANNOT_SELL')}</p>;
  else if (user.role === 'seller') body = <AlreadySeller />;
  else {
    body = (
      <RegisterForm
        onRegistered={(_shop, phone) => {
          const wanted = normalizePhone(phone);
          // The step is set first: the refreshed user is a seller, and the page must not take it for an old one.
          setStep({ name: 'phone', phone: wanted ?? phone });
          void refreshUser();
        }}
      />
    );
  }

  return (
    <SellerLayout title={t('register.title')} intro={t('register.intro')} nav={step.name === 'phone'}>
      {body}
    </SellerLayout>
  );
}
