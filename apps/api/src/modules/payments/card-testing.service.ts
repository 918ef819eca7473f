import type { Kysely } from 'kysely';
import { MODERATION_MESSAGES } from '@fundry/shared';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import { adminIds } from '../admin/admin.repository';
import { notificationMessages } from '../notifications/notification-messages';
import { insertNotifications } from '../notifications/notifications.repository';
import {
  claimAlert,
  type DeclineSubject,
  declinesSince,
  insertDecline,
  userName,
} from './card-testing.repository';

const HOUR_MS = 3_600_000;

/** Who tried a card: the account, and the IP address when the request had one. */
export interface Payer {
  userId: number;
  ip: string | null;
}

const subjectsOf = (payer: Payer): DeclineSubject[] =>
  payer.ip ? [{ userId: payer.userId }, { ip: payer.ip }] : [{ userId: payer.userId }];

const keyOf = (subject: DeclineSubject) =>
  'userId' in subject ? `user:${subject.userId}` : `ip:${subject.ip}`;

/**
 * Card testing (DESIGN.md §18): at most `maxDeclines` declined payments per account and per IP address in an
 * hour. Past it, every call that starts a payment answers 429 with Retry-After (until the oldest decline that
 * counts is an hour old), and the admins are notified once per account or address and hour. Declines and alerts
 * are rows of the database, so every instance counts the same ones.
 */
export class CardTestingGuard {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly maxDeclines: number,
    private readonly clock: () => Date,
  ) {}

  /** A card was declined at checkout: counted against the account and the address. */
  async recordDecline(payer: Payer) {
    const now = this.clock();
    await insertDecline(this.db, { userId: payer.userId, ip: payer.ip, at: now });
    for (const subject of subjectsOf(payer)) {
      const declines = await declinesSince(
        this.db,
        subject,
        new Date(now.getTime() - HOUR_MS),
        this.maxDeclines,
      );
      if (declines.length >= this.maxDeclines) await this.alert(subject, declines.length, now);
    }
  }

  /** Refuses a new payment while the account or the address is past the limit. */
  async assertMayPay(payer: Payer) {
    const now = this.clock();
    for (const subject of subjectsOf(payer)) {
      const declines = await declinesSince(
        this.db,
        subject,
        new Date(now.getTime() - HOUR_MS),
        this.maxDeclines,
      );
      if (declines.length < this.maxDeclines) continue;
      await this.alert(subject, declines.length, now);
      // The oldest of the last `maxDeclines` declines leaves the hour first and lets one payment through.
      const freeAt = declines[0]!.getTime() + HOUR_MS;
      const seconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
      throw new AppError(
        'RATE_LIMITED',
        MODERATION_MESSAGES.tooManyDeclines,
        undefined,
        { 'retry-after': String(seconds) },
        { minutes: Math.ceil(seconds / 60) },
      );
    }
  }

  /** Tells every admin, once per subject and clock hour whichever instance gets there first. */
  private async alert(subject: DeclineSubject, declines: number, now: Date) {
    const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
    // The claim and the notifications commit together: an alert is never claimed and then lost.
    await this.db.transaction().execute(async (trx) => {
      if (!(await claimAlert(trx, keyOf(subject), hour))) return;
      let who: { account: string } | { ip: string };
      if ('userId' in subject) {
        const user = await userName(trx, subject.userId);
        who = { account: user ? `${user.full_name || user.username} <${user.email}>` : `#${subject.userId}` };
      } else {
        who = { ip: subject.ip };
      }
      const admins = await adminIds(trx);
      await insertNotifications(
        trx,
        admins.map((userId) => ({
          userId,
          type: 'ADMIN_REVIEW',
          message: notificationMessages.cardTesting(who, declines),
          projectId: null,
          link: '/admin',
        })),
      );
    });
  }
}
