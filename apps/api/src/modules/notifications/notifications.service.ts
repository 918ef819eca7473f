import type { Kysely } from 'kysely';
import type { Notification } from '@fundry/shared';
import type { DB } from '../../db/schema';
import { notFound } from '../../errors';
import { listNotifications, markAllRead, markRead } from './notifications.repository';

/** A person's own notifications; every query is scoped to them. */
export class NotificationService {
  constructor(private readonly db: Kysely<DB>) {}

  async list(userId: number, unreadOnly: boolean, page: number, perPage: number) {
    const { rows, total, unread } = await listNotifications(this.db, userId, unreadOnly, page, perPage);
    const notifications: Notification[] = rows.map((row) => ({
      id: row.id,
      type: row.type,
      message: row.message,
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
