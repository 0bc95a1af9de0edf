/**
 * /account/phone: verify a phone number by SMS code (src/machines/phone-verification.ts
 * holds the steps). Success updates the session user and returns to /account.
 */
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { User } from '../../domain/account';
import {
  INCOMPLETE_CODE,
  INVALID_PHONE,
  phoneVerificationMachine,
  type PhoneVerificationError,
  type SendCodeResult,
} from '../../machines/phone-verification';
import { apiRequest } from '../auth/api-client';
import { useErrorText, type FallbackKey } from '../auth/error-text';
import { setSessionUser, useSession } from '../auth/use-session';
import { ROUTES } from '../routing/paths';
import { fromPromise } from 'xstate';
import { Skeleton } from '../ui/states';
import { AccountLayout } from './account-layout';
import * as layout from './account-layout.css';
import * as forms from './forms.css';
import { CodeStep, PhoneStep } from './phone-steps';
import { useOnline } from '../ui/use-online';

const FIELD_CODES = new Set([INVALID_PHONE, INCOMPLETE_CODE, 'VALIDATION', 'INVALID_CODE', 'CODE_EXPIRED', 'TOO_MANY_ATTEMPTS']);

/**
 * The steps in a card. `initialPhone`: the number to offer (the seller's sign-up gives the shop's); `doneHref`:
 * where a verified phone leads (the account overview by default).
 */
export function PhoneVerification({ user, initialPhone, doneHref = ROUTES.account }: { user: User; initialPhone?: string; doneHref?: string }) {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const online = useOnline();
  const [, navigate] = useLocation();
  // wouter's navigate is a new function each render; the machine is made once and calls the latest one.
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const [machine] = useState(() =>
      phoneVerificationMachine.provide({
        actors: {
          sendCode: fromPromise(({ input }: { input: { phone: string } }) =>
            apiRequest<SendCodeResult>('POST', '/api/user/phone/send-code', { phone: input.phone }),
          ),
          verifyCode: fromPromise(({ input }: { input: { phone: string; code: string } }) =>
            apiRequest<{ user: User }>('POST', '/api/user/phone/verify', input).then((body) => body.user),
          ),
        },
        actions: {
          notifyVerified: ({ context }) => {
            if (context.user) setSessionUser(context.user);
            navigateRef.current(doneHref);
          },
        },
      }),
  );
  const [snapshot, send] = useMachine(machine, { input: { phone: initialPhone ?? user.phone } });
  const { context } = snapshot;

  const describe = (error: PhoneVerificationError | null, fallback: FallbackKey): string | null => {
    if (!error) return null;
    if (error.code === INVALID_PHONE) return t('phone.invalidPhone');
    if (error.code === INCOMPLETE_CODE) return t('phone.incompleteCode');
    return errorText(error.cause, fallback);
  };
  /** Errors about what was typed go under the field; the rest (SMS failed, network, rate limits) in an alert. */
  const errorCode = context.error?.code ?? '';
  const aboutField = FIELD_CODES.has(errorCode);
  const fallback: FallbackKey = context.error?.operation === 'verify' ? 'verifyPhone' : 'sendCode';
  const message = describe(context.error, fallback);

  if (snapshot.matches('verified')) return <p className={forms.success} role="status">{t('phone.verified')}</p>;

  const inCode = snapshot.matches('code');
  return (
    <div className={layout.card}>
      {!online && <p className={forms.info}>{t('phone.offline')}</p>}
      {inCode ? (
        <CodeStep
          phone={context.phone}
          verifying={snapshot.matches({ code: { entry: 'verifying' } })}
          resending={snapshot.matches({ code: { resend: 'resending' } })}
          canResend={online && snapshot.matches({ code: { resend: 'ready' } })}
          resendIn={context.resendIn}
          disabled={!online}
          error={aboutField ? message : null}
          attemptsLeft={context.error?.code === 'INVALID_CODE' ? context.attemptsLeft : null}
          onVerify={(code) => send({ type: 'VERIFY', code })}
          onResend={() => send({ type: 'RESEND' })}
          onChangePhone={() => send({ type: 'EDIT_PHONE' })}
        />
      ) : (
        <PhoneStep
          initial={context.phone || (initialPhone ?? user.phone ?? '')}
          busy={snapshot.matches('sending')}
          disabled={!online}
          error={aboutField ? message : null}
          onSend={(phone) => send({ type: 'SEND', phone })}
        />
      )}
      {message && !aboutField && (
        <p role="alert" className={forms.failure}>
          {message}
        </p>
      )}
    </div>
  );
}

export function PhoneVerificationPage() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  const intro =
    user?.phone && user.phone_verified ? t('phone.current', { phone: '\u2066' + user.phone + '\u2069' }) : t('phone.intro');
  return (
    <AccountLayout title={t('phone.title')} intro={intro}>
      {user ? <PhoneVerification key={user.id} user={user} /> : <Skeleton style={{ blockSize: '10rem' }} />}
    </AccountLayout>
  );
}
