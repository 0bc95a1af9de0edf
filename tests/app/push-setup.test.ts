/** Turning push on (src/app/push/push-setup.ts): the happy path and each failure of spec §8, with injected steps. */
import { describe, expect, it, vi } from 'vitest';
import { PUSH_SETUP_ERRORS, setUpPush, tokenErrorOf, type PushSetupDeps } from '../../src/app/push/push-setup';

const FIREBASE = { apiKey: 'k', authDomain: 'souk.firebaseapp.com', projectId: 'souk', messagingSenderId: '1', appId: '1:1:web:1' };

function fakes(over: Partial<PushSetupDeps> = {}) {
  const saved: string[] = [];
  const calls = { requestPermission: 0, getToken: 0 };
  const deps: PushSetupDeps = {
    browserSupports: () => true,
    messagingSupported: async () => true,
    fetchConfig: async () => ({ configured: true, firebase: FIREBASE, vapidKey: 'BVapid' }),
    permission: () => 'default',
    requestPermission: async () => {
      calls.requestPermission += 1;
      return 'granted';
    },
    getToken: async () => {
      calls.getToken += 1;
      return 'fcm-token-1';
    },
    saveToken: async (token) => {
      saved.push(token);
    },
    timeoutMs: 50,
    ...over,
  };
  return { deps, saved, calls };
}

const firebaseError = (code: string) => Object.assign(new Error(code), { code });
const httpError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });

describe('setUpPush', () => {
  it('asks for permission, gets a token with the config and saves it', async () => {
    const getToken = vi.fn(async () => 'fcm-token-1');
    const { deps, saved, calls } = fakes({ getToken });
    expect(await setUpPush(deps)).toEqual({ ok: true, token: 'fcm-token-1' });
    expect(calls.requestPermission).toBe(1);
    expect(getToken).toHaveBeenCalledWith({ firebase: FIREBASE, vapidKey: 'BVapid' });
    expect(saved).toEqual(['fcm-token-1']);
  });

  it('does not ask again when already granted', async () => {
    const { deps, calls } = fakes({ permission: () => 'granted' });
    expect((await setUpPush(deps)).ok).toBe(true);
    expect(calls.requestPermission).toBe(0);
  });

  it('unsupported: no service worker / push / notifications, or firebase says so (or its check fails)', async () => {
    expect(await setUpPush(fakes({ browserSupports: () => false }).deps)).toEqual({ ok: false, error: 'unsupported' });
    expect(await setUpPush(fakes({ messagingSupported: async () => false }).deps)).toEqual({ ok: false, error: 'unsupported' });
    expect(await setUpPush(fakes({ messagingSupported: () => Promise.reject(new Error('navigator is not defined')) }).deps)).toEqual({ ok: false, error: 'unsupported' });
  });

  it('not configured: the server says so, or its config cannot be read; nobody is asked for permission', async () => {
    const off = fakes({ fetchConfig: async () => ({ configured: false, firebase: null, vapidKey: null }) });
    expect(await setUpPush(off.deps)).toEqual({ ok: false, error: 'not-configured' });
    expect(off.calls.requestPermission).toBe(0);
    expect(await setUpPush(fakes({ fetchConfig: () => Promise.reject(httpError(0)) }).deps)).toEqual({ ok: false, error: 'not-configured' });
  });

  it('permission denied now, or blocked before (then the browser is not even asked)', async () => {
    expect(await setUpPush(fakes({ requestPermission: async () => 'denied' }).deps)).toEqual({ ok: false, error: 'permission-denied' });
    expect(await setUpPush(fakes({ requestPermission: async () => 'default' }).deps)).toEqual({ ok: false, error: 'permission-denied' });
    const blocked = fakes({ permission: () => 'denied' });
    expect(await setUpPush(blocked.deps)).toEqual({ ok: false, error: 'permission-blocked' });
    expect(blocked.calls.requestPermission).toBe(0);
    expect(blocked.calls.getToken).toBe(0);
  });

  it('no token: getToken never settles (the timeout wins), or gives an empty one; nothing is saved', async () => {
    // An injected timer: the test decides when the timeout fires.
    const timers: { fire: () => void; ms: number; cleared: boolean }[] = [];
    const hang = fakes({
      getToken: () => new Promise<string>(() => undefined),
      setTimeout: (fire, ms) => timers.push({ fire, ms, cleared: false }) - 1,
      clearTimeout: (handle) => {
        const timer = timers[handle as number];
        if (timer) timer.cleared = true;
      },
    });
    let outcome: unknown = 'unsettled';
    void setUpPush(hang.deps).then((result) => (outcome = result));
    await vi.waitFor(() => expect(timers).toHaveLength(1));
    expect(timers[0]).toMatchObject({ ms: 50, cleared: false });
    expect(outcome).toBe('unsettled');
    timers[0]?.fire();
    await vi.waitFor(() => expect(outcome).toEqual({ ok: false, error: 'no-token' }));
    expect(timers[0]?.cleared).toBe(true);
    expect(hang.saved).toEqual([]);
    expect(await setUpPush(fakes({ getToken: async () => '' }).deps)).toEqual({ ok: false, error: 'no-token' });
    expect(await setUpPush(fakes({ getToken: () => Promise.reject(firebaseError('messaging/token-subscribe-failed')) }).deps)).toEqual({ ok: false, error: 'no-token' });
  });

  it('installation failed: firebase installations errors, offline included', async () => {
    const offline = fakes({ getToken: () => Promise.reject(firebaseError('installations/app-offline')) });
    expect(await setUpPush(offline.deps)).toEqual({ ok: false, error: 'installation-failed' });
    expect(await setUpPush(fakes({ getToken: () => Promise.reject(firebaseError('installations/request-failed')) }).deps)).toEqual({ ok: false, error: 'installation-failed' });
  });

  it('403 from POST /api/fcm/token is "forbidden"; another failure to save is "save-failed"', async () => {
    expect(await setUpPush(fakes({ saveToken: () => Promise.reject(httpError(403)) }).deps)).toEqual({ ok: false, error: 'forbidden' });
    expect(await setUpPush(fakes({ saveToken: () => Promise.reject(httpError(0)) }).deps)).toEqual({ ok: false, error: 'save-failed' });
    expect(await setUpPush(fakes({ saveToken: () => Promise.reject(httpError(500)) }).deps)).toEqual({ ok: false, error: 'save-failed' });
  });

  it('maps firebase messaging codes', () => {
    expect(tokenErrorOf(firebaseError('messaging/permission-blocked'))).toBe('permission-blocked');
    expect(tokenErrorOf(firebaseError('messaging/permission-default'))).toBe('permission-denied');
    expect(tokenErrorOf(firebaseError('messaging/unsupported-browser'))).toBe('unsupported');
    expect(tokenErrorOf(new Error('??'))).toBe('no-token');
  });
});

describe('texts', () => {
  it('every setup error has a text in every language', async () => {
    const { readFileSync } = await import('node:fs');
    for (const lang of ['en', 'fr', 'ar', 'ma', 'es', 'de']) {
      const catalog = JSON.parse(readFileSync(`src/app/i18n/locales/${lang}/account.json`, 'utf8')) as { push: { errors: Record<string, string>; enable: string } };
      expect(catalog.push.enable, lang).toBeTruthy();
      for (const code of PUSH_SETUP_ERRORS) expect(catalog.push.errors[code], `${lang} ${code}`).toBeTruthy();
    }
  });
});
