/**
 * The real server the matrix and the fuzz run against: the shared auth test
 * server (tests/helpers/auth.ts: real SQLite file, demo seed whose sellers have
 * TEST_SELLER_PASSWORD, known signing secret, cheap scrypt, rate limits off),
 * plus an SMS sender that keeps the messages, so the tests can read
 * verification codes, and optionally a local Google verifier.
 */
import { startAuthServer, TEST_AUTH_SECRET, type AuthServer } from '../../helpers/auth';
import type { AuthOptions } from '../../../src/server/auth/auth-options';
import type { SmsSender } from '../../../src/server/sms/sms-sender';

export const TEST_SECRET = TEST_AUTH_SECRET;

export interface SentSms {
  to: string;
  text: string;
}

export interface AuthzServer extends AuthServer {
  /** Every text message the app sent, oldest first. */
  sms: SentSms[];
}

export async function startAuthzServer(opts: { products?: number; auth?: AuthOptions } = {}): Promise<AuthzServer> {
  const sms: SentSms[] = [];
  const sender: SmsSender = {
    name: 'test',
    async send(to, text) {
      sms.push({ to, text });
    },
  };
  const server = await startAuthServer({ products: opts.products ?? 10, auth: { sms: sender, ...opts.auth } });
  return Object.assign(server, { sms });
}

/** The 6-digit code of the last message sent to `phone`, or undefined. */
export function lastCodeFor(server: Pick<AuthzServer, 'sms'>, phone: string): string | undefined {
  const message = server.sms.filter((m) => m.to === phone).at(-1);
  return message === undefined ? undefined : /\b(\d{6})\b/.exec(message.text)?.[1];
}
