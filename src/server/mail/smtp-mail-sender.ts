/** The SMTP sender (SMTP_URL, through nodemailer): one pooled transport per app, closed with the app. */
import nodemailer from 'nodemailer';
import type { MailSender } from './mail-sender';

export interface SmtpMailSender extends MailSender {
  readonly name: 'smtp';
  close(): void;
}

/** Gives up on a server that does not answer, rather than holding the operator's request. */
const SMTP_TIMEOUT_MS = 10_000;

export function createSmtpMailSender(url: string, from: string): SmtpMailSender {
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    name: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, replyTo: mail.replyTo });
    },
    close() {
      transport.close();
    },
  };
}
