/**
 * Outgoing mail (docs/OPERATOR.md "Inbox"): the operator's answers to contact messages. A sender is chosen at
 * start (create-mail-sender.ts): SMTP when SMTP_URL is set, else the log sender, which sends nothing and keeps
 * the mail in the server log and an in-memory outbox (local development and tests).
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Where the recipient's answer goes (the operator's address); absent: the From address. */
  replyTo?: string;
}

export interface MailSender {
  /** `log` (nothing leaves the host) or `smtp`. */
  readonly name: 'log' | 'smtp';
  /** Resolves once the mail is handed over; rejects when the transport refuses it. */
  send(mail: Mail): Promise<void>;
}

/** The mail settings of an app (AppOptions.mail). */
export interface MailOptions {
  /** A sender to use as it is (tests); wins over smtpUrl. */
  sender?: MailSender;
  /** SMTP_URL (smtp:// or smtps://, credentials in the URL); absent: the log sender. */
  smtpUrl?: string;
  /** MAIL_FROM; absent: DEFAULT_MAIL_FROM. */
  from?: string;
}

export const DEFAULT_MAIL_FROM = 'Souk <no-reply@souk.test>';
