/**
 * The default mail sender: writes each mail to the server log at info level instead of sending it, and keeps the
 * last LOG_OUTBOX_SIZE mails in memory (`outbox`, newest last) for tests and local development.
 */
import type { Mail, MailSender } from './mail-sender';

export const LOG_OUTBOX_SIZE = 100;

/** The part of a pino/Fastify logger the sender uses. */
export interface MailLogger {
  info(message: string): void;
}

export interface LogMailSender extends MailSender {
  readonly name: 'log';
  /** The mails "sent", oldest first. */
  readonly outbox: readonly Mail[];
}

export function createLogMailSender(logger: MailLogger): LogMailSender {
  const outbox: Mail[] = [];
  return {
    name: 'log',
    outbox,
    async send(mail) {
      outbox.push({ ...mail });
      if (outbox.length > LOG_OUTBOX_SIZE) outbox.splice(0, outbox.length - LOG_OUTBOX_SIZE);
      logger.info(`Mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
    },
  };
}
