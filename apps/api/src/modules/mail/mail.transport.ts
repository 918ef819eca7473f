import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe …), passed to nodemailer as they are. */
  headers?: Record<string, string>;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise each mail is written to the log (and stays in the outbox). */
export function createMailTransport(smtpUrl: string | undefined, log: FastifyBaseLogger): MailTransport {
  if (!smtpUrl) {
    return {
      send: async (mail) => {
        log.info(
          { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
          'mail (no SMTP_URL: logged only)',
        );
      },
      close: () => undefined,
    };
  }
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    send: async (mail) => {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}
