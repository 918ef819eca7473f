import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Who a decline is counted against: the account, or the IP address the card was tried from. */
export type DeclineSubject = { userId: number } | { ip: string };

export async function insertDecline(
  db: Kysely<DB>,
  decline: { userId: number | null; ip: string | null; at: Date },
) {
  await db
    .insertInto('payment_declines')
    .values({ user_id: decline.userId, ip: decline.ip, declined_at: decline.at })
    .execute();
}

/** When each of a subject's declines since `since` happened, oldest first (at most `limit`, the newest kept). */
export async function declinesSince(db: Kysely<DB>, subject: DeclineSubject, since: Date, limit: number) {
  let query = db.selectFrom('payment_declines').select('declined_at').where('declined_at', '>', since);
  query =
    'userId' in subject ? query.where('user_id', '=', subject.userId) : query.where('ip', '=', subject.ip);
  const rows = await query.orderBy('declined_at', 'desc').limit(limit).execute();
  return rows.map((row) => row.declined_at).reverse();
}

/** Takes the admins' alert of a subject for an hour; false when an instance already took it. */
export async function claimAlert(db: Kysely<DB>, subject: string, hour: Date) {
  const row = await db
    .insertInto('card_testing_alerts')
    .values({ subject, hour })
    .onConflict((oc) => oc.columns(['subject', 'hour']).doNothing())
    .returning('subject')
    .executeTakeFirst();
  return row !== undefined;
}

export function userName(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('users')
    .select(['full_name', 'username', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
