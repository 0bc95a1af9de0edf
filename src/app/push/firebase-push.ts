/**
 * The browser's push setup steps (push-setup.ts) over firebase/app + firebase/messaging, loaded only when the
 * user turns push on (a separate chunk). getMessaging is called only after isSupported(): elsewhere it throws.
 * The token is asked with the app's own service worker registration (else firebase waits for
 * /firebase-messaging-sw.js, which does not exist: our service worker handles pushes itself).
 */
import { apiRequest } from '../auth/api-client';
import type { FirebaseWebConfig, PushServerConfig, PushSetupDeps } from './push-setup';

const APP_NAME = 'souk-push';

async function getFirebaseToken(config: { firebase: FirebaseWebConfig; vapidKey: string }): Promise<string> {
  const [{ getApp, getApps, initializeApp }, { getMessaging, getToken }] = await Promise.all([
    import('firebase/app'),
    import('firebase/messaging'),
  ]);
  const { authDomain, ...rest } = config.firebase;
  const app = getApps().some((a) => a.name === APP_NAME)
    ? getApp(APP_NAME)
    : initializeApp({ ...rest, ...(authDomain ? { authDomain } : {}) }, APP_NAME);
  const registration = await navigator.serviceWorker.ready;
  return getToken(getMessaging(app), { vapidKey: config.vapidKey, serviceWorkerRegistration: registration });
}

export const browserPushDeps: PushSetupDeps = {
  browserSupports: () =>
    typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window,
  messagingSupported: async () => (await import('firebase/messaging')).isSupported(),
  fetchConfig: () => apiRequest<PushServerConfig>('GET', '/api/push/config'),
  permission: () => Notification.permission,
  requestPermission: () => Notification.requestPermission(),
  getToken: getFirebaseToken,
  saveToken: async (token) => {
    await apiRequest('POST', '/api/fcm/token', { fcm_token: token });
  },
};
