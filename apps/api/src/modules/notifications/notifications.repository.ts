import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { KeyedMessage } from '../../i18n';

export interface NewNotification {
  userId: number;
  type: string;
  /** Written in each reader's language when listed (notificationMessages). */
  message: KeyedMessage;
  projectId: number | null;
  /** Path in the web app to the cause (e.g. `/projects/1/updates/2`); left out, the project page. */
  link?: string | null;
}

export async function insertNotifications(db: Kysely<DB>, notifications: NewNotification[]) {
  if (notifications.length === 0) return;
  await db
    .insertInto('notifications')
    .values(
      notifications.map((n) => ({
        user_id: n.userId,
        type: n.type,
        message: n.message.key,
        message_values: storedValues(n.message),
        project_id: n.projectId,
        link: n.link ?? null,
      })),
    )
    .execute();
}

/** A message's arguments as the `message_values` column holds them. */
export const storedValues = (message: KeyedMessage) =>
  message.values ? JSON.stringify(message.values) : null;

/** One notification for every distinct backer with a live pledge (a single insert … select). */
export async function notifyBackers(
  db: Kysely<DB>,
  projectId: number,
  type: string,
  message: KeyedMessage,
  link: string | null = null,
) {
  await sql`
    insert into notifications (user_id, type, message, message_values, project_id, link)
    select distinct donor_id, ${type}, ${message.key}, ${storedValues(message)}::jsonb, ${projectId}::integer,
      ${link}::text
    from donations where project_id = ${projectId}
    and status in ('PLEDGED', 'COLLECTING', 'SUCCEEDED', 'PAYMENT_FAILED')`.execute(db);
}

/** Whom a mail about their pledge to the project is written to: its live backers, deleted accounts left out. */
export async function liveBackerRecipients(db: Kysely<DB>, projectId: number) {
  const result = await sql<{
    email: string;
    name: string;
    locale: string | null;
    last_locale: string | null;
  }>`
    select u.email, coalesce(nullif(u.full_name, ''), u.username) as name, u.locale, u.last_locale
    from users u
    where u.id in (select donor_id from donations where project_id = ${projectId}::integer
                   and status in ('PLEDGED', 'COLLECTING', 'SUCCEEDED', 'PAYMENT_FAILED'))
      and u.deleted_at is null
    order by u.id`.execute(db);
  return result.rows;
}

export async function listNotifications(
  db: Kysely<DB>,
  userId: number,
  unreadOnly: boolean,
  page: number,
  perPage: number,
) {
  let query = db.selectFrom('notifications').selectAll().where('user_id', '=', userId);
  if (unreadOnly) query = query.where('read_at', 'is', null);
  const [rows, counts] = await Promise.all([
    query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom('notifications')
      .select([
        (eb) => eb.fn.countAll<number>().as('total'),
        sql<number>`count(*) filter (where read_at is null)`.as('unread'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows,
    total: unreadOnly ? Number(counts.unread) : Number(counts.total),
    unread: Number(counts.unread),
  };
}

export async function markRead(db: Kysely<DB>, userId: number, id: number) {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return true;
  const exists = await db
    .selectFrom('notifications')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Boolean(exists);
}

export async function markAllRead(db: Kysely<DB>, userId: number) {
  await db
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}
