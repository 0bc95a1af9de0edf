/**
 * The default SMS sender: writes each message to the server log at info level
 * instead of sending it, so phone verification works end to end on a developer
 * machine (read the code from the log) and nothing leaves the host by default.
 */
import type { SmsSender } from './sms-sender';

/** The part of a pino/Fastify logger the senders use. */
export interface SmsLogger {
  info(message: string): void;
}

export function createLogSmsSender(logger: SmsLogger): SmsSender {
  return {
    name: 'log',
    async send(to, text) {
      logger.info(`SMS to ${to}: ${text}`);
    },
  };
}
