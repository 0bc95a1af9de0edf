import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { User } from '../../src/domain/account';
import {
  INCOMPLETE_CODE,
  INVALID_PHONE,
  phoneVerificationMachine,
  readFailure,
  type SendCodeResult,
} from '../../src/machines/phone-verification';

const verifiedUser = { id: 7, phone: '+212612345678', phone_verified: true } as User;

function failure(status: number, code: string, body: Record<string, unknown> = {}) {
  return Object.assign(new Error(code), { status, code, errors: [], body: { code, ...body } });
}

function start(options: {
  send?: (input: { phone: string }) => Promise<SendCodeResult>;
  verify?: (input: { phone: string; code: string }) => Promise<User>;
  phone?: string | null;
}) {
  const send = vi.fn(options.send ?? (() => Promise.resolve({ resend_in: 60, expires_in: 600 })));
  const verify = vi.fn(options.verify ?? (() => Promise.resolve(verifiedUser)));
  const notifyVerified = vi.fn();
  const machine = phoneVerificationMachine.provide({
    actors: {
      sendCode: fromPromise(({ input }: { input: { phone: string } }) => send(input)),
      verifyCode: fromPromise(({ input }: { input: { phone: string; code: string } }) => verify(input)),
    },
    actions: { notifyVerified },
  });
  const actor = createActor(machine, { input: { phone: options.phone } }).start();
  return { actor, send, verify, notifyVerified };
}

/** Lets promise actors settle (fake timers leave microtasks alone). */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('phone verification machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refuses a malformed phone without calling the server', () => {
    const { actor, send } = start({});
    actor.send({ type: 'SEND', phone: '12345' });
    expect(actor.getSnapshot().value).toBe('phone');
    expect(actor.getSnapshot().context.error?.code).toBe(INVALID_PHONE);
    expect(send).not.toHaveBeenCalled();
  });

  it('normalises a Moroccan number, sends the code, verifies and finishes with the user', async () => {
    const { actor, send, verify, notifyVerified } = start({});
    actor.send({ type: 'SEND', phone: '06 12 34 56 78' });
    expect(actor.getSnapshot().value).toBe('sending');
    await settle();
    expect(send).toHaveBeenCalledWith({ phone: '+212612345678' });
    expect(actor.getSnapshot().matches({ code: { entry: 'idle', resend: 'counting' } })).toBe(true);
    expect(actor.getSnapshot().context.resendIn).toBe(60);

    actor.send({ type: 'VERIFY', code: ' 123456 ' });
    expect(actor.getSnapshot().matches({ code: { entry: 'verifying' } })).toBe(true);
    await settle();
    expect(verify).toHaveBeenCalledWith({ phone: '+212612345678', code: '123456' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ user: verifiedUser });
    expect(notifyVerified).toHaveBeenCalledTimes(1);
  });

  it('starts from the phone it is given (normalised)', () => {
    const { actor } = start({ phone: '0612345678' });
    expect(actor.getSnapshot().context.phone).toBe('+212612345678');
  });

  it('refuses an incomplete code locally', async () => {
    const { actor, verify } = start({});
    actor.send({ type: 'SEND', phone: '+212612345678' });
    await settle();
    actor.send({ type: 'VERIFY', code: '12a45' });
    expect(actor.getSnapshot().context.error?.code).toBe(INCOMPLETE_CODE);
    expect(actor.getSnapshot().matches({ code: { entry: 'idle' } })).toBe(true);
    expect(verify).not.toHaveBeenCalled();
  });

  it('counts the resend delay down one second at a time, then allows RESEND, which restarts it', async () => {
    const { actor, send } = start({});
    actor.send({ type: 'SEND', phone: '+212612345678' });
    await settle();
    actor.send({ type: 'RESEND' });
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.resendIn).toBe(59);
    await vi.advanceTimersByTimeAsync(58_000);
    expect(actor.getSnapshot().context.resendIn).toBe(1);
    expect(actor.getSnapshot().matches({ code: { resend: 'counting' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().matches({ code: { resend: 'ready' } })).toBe(true);

    actor.send({ type: 'RESEND' });
    expect(actor.getSnapshot().matches({ code: { resend: 'resending' } })).toBe(true);
    await settle();
    expect(send).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.resendIn).toBe(60);
    expect(actor.getSnapshot().matches({ code: { resend: 'counting' } })).toBe(true);
  });

  it('keeps counting while a code is being verified', async () => {
    let finish: (user: User) => void = () => {};
    const { actor } = start({ verify: () => new Promise<User>((resolve) => (finish = resolve)) });
    actor.send({ type: 'SEND', phone: '+212612345678' });
    await settle();
    actor.send({ type: 'VERIFY', code: '123456' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().context.resendIn).toBe(55);
    finish(verifiedUser);
    await settle();
    expect(actor.getSnapshot().value).toBe('verified');
  });

  it('a wrong code keeps the code step and reports the attempts left', async () => {
    const { actor } = start({ verify: () => Promise.reject(failure(422, 'INVALID_CODE', { attempts_left: 3 })) });
    actor.send({ type: 'SEND', phone: '+212612345678' });
    await settle();
    actor.send({ type: 'VERIFY', code: '000000' });
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ code: { entry: 'idle' } })).toBe(true);
    expect(snapshot.context.error).toMatchObject({ code: 'INVALID_CODE', operation: 'verify' });
    expect(snapshot.context.attemptsLeft).toBe(3);
  });

  it('reports an expired code and too many attempts by their codes', async () => {
    const answers = [failure(422, 'CODE_EXPIRED'), failure(429, 'TOO_MANY_ATTEMPTS')];
    const { actor } = start({ verify: () => Promise.reject(answers.shift()) });
    actor.send({ type: 'SEND', phone: '+212612345678' });
    await settle();
    actor.send({ type: 'VERIFY', code: '111111' });
    await settle();
    expect(actor.getSnapshot().context.error?.code).toBe('CODE_EXPIRED');
    actor.send({ type: 'VERIFY', code: '222222' });
    await settle();
    expect(actor.getSnapshot().context.error?.code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('a failed send goes back to the phone step with the error', async () => {
    const { actor } = start({ send: () => Promise.reject(failure(502, 'SMS_FAILED')) });
    actor.send({ type: 'SEND', phone: '+212612345678' });
    await settle();
    expect(actor.getSnapshot().value).toBe('phone');
    expect(actor.getSnapshot().context.error).toMatchObject({ code: 'SMS_FAILED', operation: 'send' });
  });

  it('RESEND_TOO_SOON on the first send goes to the code step with the server countdown', async () => {
    const { actor } = start({ send: () => Promise.reject(failure(429, 'RESEND_TOO_SOON', { retry_after: 42 })) });
    actor.send({ type: 'SEND', phone: '+212612345678' });
    await settle();
    expect(actor.getSnapshot().matches({ code: { resend: 'counting' } })).toBe(true);
    expect(actor.getSnapshot().context.resendIn).toBe(42);
  });

  it('a network failure on resend leaves resend available', async () => {
    let calls = 0;
    const { actor } = start({
      send: () => (++calls === 1 ? Promise.resolve({ resend_in: 1 }) : Promise.reject(failure(0, ''))),
    });
    actor.send({ type: 'SEND', phone: '+212612345678' });
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    actor.send({ type: 'RESEND' });
    await settle();
    expect(actor.getSnapshot().matches({ code: { resend: 'ready' } })).toBe(true);
    expect(actor.getSnapshot().context.error?.code).toBe('NETWORK');
  });

  it('EDIT_PHONE goes back to the phone step', async () => {
    const { actor } = start({});
    actor.send({ type: 'SEND', phone: '+212612345678' });
    await settle();
    actor.send({ type: 'EDIT_PHONE' });
    expect(actor.getSnapshot().value).toBe('phone');
  });
});

describe('readFailure', () => {
  it('reads code, attempts and retry-after, and names network failures', () => {
    expect(readFailure(failure(422, 'INVALID_CODE', { attempts_left: 2 }))).toEqual({
      code: 'INVALID_CODE',
      attemptsLeft: 2,
      retryAfter: null,
    });
    expect(readFailure({ status: 0, code: '', body: null })).toMatchObject({ code: 'NETWORK' });
    expect(readFailure(new Error('boom'))).toMatchObject({ code: 'UNKNOWN' });
  });
});
