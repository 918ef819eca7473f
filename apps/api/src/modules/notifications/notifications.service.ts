import type { Kysely } from 'kysely';
import type { Notification, Translator } from '@fundry/shared';
import type { DB } from '../../db/schema';
import { notFound } from '../../errors';
import { type KeyedMessage, writeMessage } from '../../i18n';
import { listNotifications, markAllRead, markRead } from './notifications.repository';

/**
 * A stored notification in the reader's language: its key with its arguments. A row from before keys were stored
 * holds its English text, which a translator shows as it is.
 */
export function notificationText(
  t: Translator,
  row: { message: string; message_values: KeyedMessage['values'] | null },
) {
  return writeMessage(t, { key: row.message, ...(row.message_values ? { values: row.message_values } : {}) });
}

/** A person's own notifications; every query is scoped to them. */
export class NotificationService {
  constructor(private readonly db: Kysely<DB>) {}

  /** A page of the person's notifications, each written in the reader's language `t`. */
  async list(userId: number, unreadOnly: boolean, page: number, perPage: number, t: Translator) {
    const { rows, total, unread } = await listNotifications(this.db, userId, unreadOnly, page, perPage);
    const notifications: Notification[] = rows.map((row) => ({
      id: row.id,
      type: row.type,
      message: notificationText(t, row),
      project_id: row.project_id,
      link: row.link,
      created_at: row.created_at.toISOString(),
      read_at: row.read_at?.toISOString() ?? null,
    }));
    return { notifications, total, unread_count: unread };
  }

  async markRead(userId: number, id: number) {
    if (!(await markRead(this.db, userId, id))) throw notFound('notification');
  }

  markAllRead(userId: number) {
    return markAllRead(this.db, userId);
  }
}
