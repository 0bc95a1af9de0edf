/**
 * Phone verification (docs/ACCOUNTS.md) as a state machine: enter the phone,
 * a code is sent, enter the six digits; a new code may be asked for once the
 * resend countdown (60 s, or the server's retry_after) has run out. Sending
 * and verifying are promise actors the app injects with .provide(), so the
 * machine runs headless in tests with fake timers.
 *
 *   phone ──SEND(valid)──▶ sending ──done──▶ code ─┬─ entry:  idle ──VERIFY(6 digits)──▶ verifying ──done──▶ verified
 *     ▲                        │ error               │                     ▲─────────error────────┘
 *     └────────────────────────┘                     └─ resend: counting ──(every 1 s, until 0)──▶ ready ──RESEND──▶ resending
 */
import { assign, fromPromise, setup } from 'xstate';
import { PHONE_CODE_LENGTH, PHONE_CODE_RESEND_MS, normalizePhone, type User } from '../domain/account';

/** Errors the machine raises itself (the server's codes come through as they are). */
export const INVALID_PHONE = 'INVALID_PHONE';
export const INCOMPLETE_CODE = 'INCOMPLETE_CODE';

export interface SendCodeResult {
  /** Seconds until another code may be asked for. */
  resend_in?: number;
  /** Seconds the code stays valid. */
  expires_in?: number;
}

export interface PhoneVerificationError {
  /** The server's error code, INVALID_PHONE / INCOMPLETE_CODE from the machine, or NETWORK / UNKNOWN. */
  code: string;
  /** What failed: sending a code, verifying one, or the input itself. */
  operation: 'send' | 'verify' | 'input';
  /** What the actor threw, for the app's error texts. */
  cause: unknown;
}

export interface PhoneVerificationContext {
  /** The phone in E.164 once accepted. */
  phone: string;
  code: string;
  /** Seconds before RESEND is allowed. */
  resendIn: number;
  /** Wrong tries left on the current code, when the server said. */
  attemptsLeft: number | null;
  error: PhoneVerificationError | null;
  user: User | null;
}

export type PhoneVerificationEvent =
  | { type: 'SEND'; phone: string }
  | { type: 'VERIFY'; code: string }
  | { type: 'RESEND' }
  | { type: 'EDIT_PHONE' };

const DEFAULT_RESEND_S = PHONE_CODE_RESEND_MS / 1000;
const CODE_PATTERN = new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`);

/** Reads code, attempts_left and retry_after from a thrown API failure ({status, code, body}) without depending on its class. */
export function readFailure(error: unknown): { code: string; attemptsLeft: number | null; retryAfter: number | null } {
  const record = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  const body = typeof record.body === 'object' && record.body !== null ? (record.body as Record<string, unknown>) : {};
  const code =
    typeof record.code === 'string' && record.code !== ''
      ? record.code
      : record.status === 0
        ? 'NETWORK'
        : typeof body.code === 'string'
          ? body.code
          : 'UNKNOWN';
  const number = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);
  return { code, attemptsLeft: number(body.attempts_left), retryAfter: number(body.retry_after) };
}

const sendFailure = { type: 'assignFailure', params: { operation: 'send' } } as const;

const notProvided = (what: string) => () => Promise.reject(new Error(`phone verification: ${what} not provided`));

export const phoneVerificationMachine = setup({
  types: {
    context: {} as PhoneVerificationContext,
    events: {} as PhoneVerificationEvent,
    input: {} as { phone?: string | null } | undefined,
    output: {} as { user: User | null },
  },
  actors: {
    sendCode: fromPromise<SendCodeResult, { phone: string }>(notProvided('sendCode')),
    verifyCode: fromPromise<User, { phone: string; code: string }>(notProvided('verifyCode')),
  },
  delays: { tick: 1000 },
  guards: {
    phoneIsValid: ({ event }) => event.type === 'SEND' && normalizePhone(event.phone) !== null,
    codeIsComplete: ({ event }) => event.type === 'VERIFY' && CODE_PATTERN.test(event.code.trim()),
    countdownOver: ({ context }) => context.resendIn <= 0,
    resendTooSoon: ({ event }) => readFailure((event as { error?: unknown }).error).code === 'RESEND_TOO_SOON',
  },
  actions: {
    assignPhone: assign({ phone: ({ event }) => (event.type === 'SEND' ? (normalizePhone(event.phone) ?? '') : '') }),
    assignCode: assign({ code: ({ event }) => (event.type === 'VERIFY' ? event.code.trim() : '') }),
    rejectPhone: assign({ error: () => ({ code: INVALID_PHONE, operation: 'input' as const, cause: null }) }),
    rejectCode: assign({ error: () => ({ code: INCOMPLETE_CODE, operation: 'input' as const, cause: null }) }),
    clearError: assign({ error: null }),
    assignSent: assign(({ event }) => {
      const output = (event as { output?: SendCodeResult }).output;
      return { resendIn: output?.resend_in ?? DEFAULT_RESEND_S, attemptsLeft: null, code: '' };
    }),
    assignFailure: assign(({ event }, params: { operation: 'send' | 'verify' }) => {
      const cause = (event as { error?: unknown }).error;
      const failure = readFailure(cause);
      return { error: { code: failure.code, operation: params.operation, cause }, attemptsLeft: failure.attemptsLeft };
    }),
    assignRetryAfter: assign({
      resendIn: ({ event }) => readFailure((event as { error?: unknown }).error).retryAfter ?? DEFAULT_RESEND_S,
    }),
    tick: assign({ resendIn: ({ context }) => Math.max(0, context.resendIn - 1) }),
    assignUser: assign({ user: ({ event }) => (event as { output?: User }).output ?? null }),
    /** Called once the phone is verified; the app provides it (update the session, go back to the account). */
    notifyVerified: () => {},
  },
}).createMachine({
  id: 'phoneVerification',
  context: ({ input }) => ({
    phone: normalizePhone(input?.phone ?? '') ?? '',
    code: '',
    resendIn: 0,
    attemptsLeft: null,
    error: null,
    user: null,
  }),
  initial: 'phone',
  output: ({ context }) => ({ user: context.user }),
  states: {
    phone: {
      on: {
        SEND: [
          { guard: 'phoneIsValid', target: 'sending', actions: ['assignPhone', 'clearError'] },
          { actions: 'rejectPhone' },
        ],
      },
    },
    sending: {
      invoke: {
        src: 'sendCode',
        input: ({ context }) => ({ phone: context.phone }),
        onDone: { target: 'code', actions: 'assignSent' },
        onError: [
          // A code was sent less than a minute ago (say, before a reload): it is still the one to type.
          { guard: 'resendTooSoon', target: 'code', actions: [sendFailure, 'assignRetryAfter'] },
          { target: 'phone', actions: sendFailure },
        ],
      },
    },
    code: {
      type: 'parallel',
      on: { EDIT_PHONE: { target: 'phone', actions: 'clearError' } },
      states: {
        entry: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                VERIFY: [
                  { guard: 'codeIsComplete', target: 'verifying', actions: ['assignCode', 'clearError'] },
                  { actions: 'rejectCode' },
                ],
              },
            },
            verifying: {
              invoke: {
                src: 'verifyCode',
                input: ({ context }) => ({ phone: context.phone, code: context.code }),
                onDone: { target: '#phoneVerification.verified', actions: 'assignUser' },
                onError: { target: 'idle', actions: { type: 'assignFailure', params: { operation: 'verify' } } },
              },
            },
          },
        },
        resend: {
          initial: 'counting',
          states: {
            counting: {
              always: { guard: 'countdownOver', target: 'ready' },
              after: { tick: { target: 'counting', reenter: true, actions: 'tick' } },
            },
            ready: { on: { RESEND: 'resending' } },
            resending: {
              entry: 'clearError',
              invoke: {
                src: 'sendCode',
                input: ({ context }) => ({ phone: context.phone }),
                onDone: { target: 'counting', actions: 'assignSent' },
                onError: [
                  { guard: 'resendTooSoon', target: 'counting', actions: [sendFailure, 'assignRetryAfter'] },
                  { target: 'ready', actions: sendFailure },
                ],
              },
            },
          },
        },
      },
    },
    verified: { type: 'final', entry: 'notifyVerified' },
  },
});
