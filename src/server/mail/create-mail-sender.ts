/** Chooses the mail sender (docs/OPERATOR.md "Inbox"): the one given, SMTP when SMTP_URL is set, else the log sender. */
import { createLogMailSender, type MailLogger } from './log-mail-sender';
import { DEFAULT_MAIL_FROM, type MailOptions, type MailSender } from './mail-sender';
import { createSmtpMailSender } from './smtp-mail-sender';

export interface MailSetup {
  sender: MailSender;
  close(): void;
}

export function createMailSender(options: MailOptions | undefined, logger: MailLogger): MailSetup {
  if (options?.sender) return { sender: options.sender, close: () => undefined };
  if (options?.smtpUrl) {
    const smtp = createSmtpMailSender(options.smtpUrl, options.from ?? DEFAULT_MAIL_FROM);
    return { sender: smtp, close: () => smtp.close() };
  }
  return { sender: createLogMailSender(logger), close: () => undefined };
}
