/**
 * What GET /api/push/config answers (docs/COMMUNITY.md "Push"): the Firebase web config and VAPID key the
 * client needs to ask FCM for a device token, from FIREBASE_WEB_CONFIG and FIREBASE_VAPID_KEY.
 */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string | null;
  projectId: string;
  messagingSenderId: string;
  appId: string;
}

export interface PushServerConfig {
  configured: boolean;
  firebase: FirebaseWebConfig | null;
  vapidKey: string | null;
}
