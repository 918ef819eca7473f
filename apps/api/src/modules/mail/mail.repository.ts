import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

export interface MailContent {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. RFC 8058 List-Unsubscribe. */
  headers?: Record<string, string>;
}

/**
 * Whether a mail has somewhere to go: a closed account keeps no address (migration 0044), and every path that
 * mails a person (a refund, a message, a reminder) passes through here, whoever it found.
 */
const addressed = (mail: MailContent) => mail.to.trim() !== '';

export async function insertMail(db: Kysely<DB>, mail: MailContent) {
  if (!addressed(mail)) return;
  await db
    .insertInto('mail_outbox')
    .values({
      recipient: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      headers: mail.headers ? JSON.stringify(mail.headers) : null,
    })
    .execute();
}

/** Many mails in one statement (a notice to every backer of a project), in batches the driver's parameters allow. */
export async function insertMails(db: Kysely<DB>, mails: MailContent[]) {
  const sendable = mails.filter(addressed);
  for (let start = 0; start < sendable.length; start += 1000) {
    await db
      .insertInto('mail_outbox')
      .values(
        sendable.slice(start, start + 1000).map((mail) => ({
          recipient: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
          headers: mail.headers ? JSON.stringify(mail.headers) : null,
        })),
      )
      .execute();
  }
}

/**
 * Leases up to `limit` due mails: their next attempt moves `leaseSeconds` ahead, so another instance (or
 * this one after a crash) retries them only if this delivery never reports back.
 */
export async function leaseDueMails(db: Kysely<DB>, limit: number, leaseSeconds: number) {
  const result = await sql<{
    id: number;
    recipient: string;
    subject: string;
    text_body: string;
    html_body: string;
    headers: Record<string, string> | null;
    attempts: number;
  }>`
    update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
    where id in (
      select id from mail_outbox where status = 'pending' and next_attempt_at <= now()
      order by next_attempt_at limit ${limit} for update skip locked
    )
    returning id, recipient, subject, text_body, html_body, headers, attempts`.execute(db);
  return result.rows;
}

export async function markSent(db: Kysely<DB>, id: number) {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'sent', sent_at: new Date(), last_error: null })
    .where('id', '=', id)
    .execute();
}

export async function markFailedAttempt(
  db: Kysely<DB>,
  id: number,
  error: string,
  retryInSeconds: number | null,
) {
  await db
    .updateTable('mail_outbox')
    .set(
      retryInSeconds === null
        ? { status: 'failed', last_error: error }
        : { last_error: error, next_attempt_at: new Date(Date.now() + retryInSeconds * 1000) },
    )
    .where('id', '=', id)
    .execute();
}
