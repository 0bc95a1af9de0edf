/**
 * Push notifications (docs/COMMUNITY.md "Push"): what the rest of the server
 * calls. Routes and repositories say `app.push.notify(userIds, notification)`;
 * which sender delivers it (FCM HTTP v1 when configured, else the local sender
 * that records what it would send) is decided once, at start.
 */
export interface PushNotification {
  title: string;
  body: string;
  /** Delivered as FCM data (strings only): sender_id, post_id, url… */
  data: Record<string, string>;
}

export interface PushOutcome {
  /** Device tokens the notification was handed to. */
  delivered: number;
  /** Tokens the provider said are gone (removed from the store). */
  dropped: number;
}

export interface PushService {
  /** Which sender is active: 'fcm' or 'local'. */
  readonly provider: 'fcm' | 'local';
  /** Sends to every registered device of each user; never throws (failures are logged). */
  notify(userIds: readonly number[], notification: PushNotification): Promise<PushOutcome>;
}

/** Until the push plugin is registered: records nothing, delivers nothing. */
export const NO_PUSH: PushService = {
  provider: 'local',
  notify: () => Promise.resolve({ delivered: 0, dropped: 0 }),
};

declare module 'fastify' {
  interface FastifyInstance {
    push: PushService;
  }
}
