import { setImmediate } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Translator } from '@fundry/shared';
import { BackgroundRun } from '../../lib/background-run';
import type { DB } from '../../db/schema';
import type { SavedLanguage, Translators } from '../../i18n';
import { platformMetrics } from '../metrics/metrics';
import {
  insertMail,
  insertMails,
  leaseDueMails,
  type MailContent,
  markFailedAttempt,
  markSent,
} from './mail.repository';
import type { MailTransport } from './mail.transport';

const MAX_ATTEMPTS = 8;
const LEASE_SECONDS = 120;
const BATCH = 20;
/** Mails written to the outbox a statement (see `enqueueAll`). */
const ENQUEUE_CHUNK = 1000;

/** Backoff after the n-th failed attempt: 30 s, 1 min, 2 min … capped at one hour. */
const retryDelaySeconds = (attempt: number) => Math.min(30 * 2 ** (attempt - 1), 3600);

/**
 * Mail goes through the outbox: a request writes the row in its own transaction and never waits for
 * SMTP. Delivery runs right after (kick) and again from the scheduled job for anything left over.
 */
export class MailService {
  private readonly delivery = new BackgroundRun(
    () => this.deliverDue(),
    (error) => this.log.error({ err: error }, 'mail delivery failed'),
  );

  constructor(
    private readonly db: Kysely<DB>,
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    private readonly translators: Translators,
  ) {}

  /**
   * Queue a mail inside the caller's transaction, so it exists exactly when its cause does. It is written now,
   * in the recipient's language (DESIGN.md §14), by `compose`.
   */
  enqueue(trx: Kysely<DB>, recipient: SavedLanguage, compose: (translator: Translator) => MailContent) {
    return insertMail(trx, compose(this.translators.ofUser(recipient)));
  }

  /**
   * Queues one mail per recipient, each in their own language, a thousand to a statement. Writing a mail takes a
   * few dozen microseconds: the campaign of 37,000 backers took a second in one go, during which the process
   * answered nobody else, so it yields between statements.
   */
  async enqueueAll<R extends SavedLanguage>(
    trx: Kysely<DB>,
    recipients: readonly R[],
    compose: (translator: Translator, recipient: R) => MailContent,
  ) {
    for (let start = 0; start < recipients.length; start += ENQUEUE_CHUNK) {
      if (start > 0) await setImmediate();
      const chunk = recipients.slice(start, start + ENQUEUE_CHUNK);
      await insertMails(
        trx,
        chunk.map((recipient) => compose(this.translators.ofUser(recipient), recipient)),
      );
    }
  }

  /** Start delivering now, without making the caller wait; overlapping kicks coalesce. */
  kick() {
    this.delivery.kick();
  }

  /** Resolves once any delivery in progress has finished (tests and shutdown). */
  idle() {
    return this.delivery.idle();
  }

  async deliverDue(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const batch = await leaseDueMails(this.db, BATCH, LEASE_SECONDS);
      if (batch.length === 0) return delivered;
      for (const mail of batch) {
        try {
          await this.transport.send({
            from: this.from,
            to: mail.recipient,
            subject: mail.subject,
            text: mail.text_body,
            html: mail.html_body,
            ...(mail.headers ? { headers: mail.headers } : {}),
          });
          await markSent(this.db, mail.id);
          platformMetrics.mails.inc({ outcome: 'sent' });
          delivered += 1;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const retry = mail.attempts >= MAX_ATTEMPTS ? null : retryDelaySeconds(mail.attempts);
          this.log.warn(
            { mailId: mail.id, attempt: mail.attempts, err: message },
            'mail delivery attempt failed',
          );
          await markFailedAttempt(this.db, mail.id, message, retry);
          platformMetrics.mails.inc({ outcome: 'failed' });
        }
      }
      if (batch.length < BATCH) return delivered;
    }
  }
}
