import { type Kysely, sql } from 'kysely';
import { LIVE_PLEDGES } from '../../db/literals';
import type { DB, ReminderKind } from '../../db/schema';
import type { DueLaunchNotice } from '../follows/follows.repository';

/** A reminder due to one person: whom to tell, of which campaign, in which language (DESIGN.md §14). */
export interface DueReminder extends DueLaunchNotice {
  kind: ReminderKind;
}

interface Window {
  today: string;
  /** The latest end date whose end (23:59:59 UTC) is within 48 hours. */
  endingBy: string;
}

/**
 * Reminders owed and not yet sent to people who saved a project (DESIGN.md §11), skipping those who turned
 * reminders off and the project's own creator (the launch is the launch notice's, `follows/launch-notices`):
 * - ending: an ACTIVE, started project ending within 48 hours, saved by someone without a live pledge to it.
 */
export async function findDueReminders(db: Kysely<DB>, window: Window, limit: number) {
  const result = await sql<DueReminder>`
    select 'ending' as kind, sp.user_id, p.id as project_id, u.email,
           coalesce(nullif(u.full_name, ''), u.username) as name, p.title, p.end_date::text as end_date,
           u.locale, u.last_locale
    from projects p
    join saved_projects sp on sp.project_id = p.id
    join users u on u.id = sp.user_id
    where p.status = 'ACTIVE' and p.start_date <= ${window.today}::date
      and p.end_date >= ${window.today}::date and p.end_date <= ${window.endingBy}::date
      and sp.user_id <> p.creator_id
      and not exists (select 1 from donations d where d.donor_id = sp.user_id and d.project_id = p.id
                      and d.status in (${sql.join(LIVE_PLEDGES)}))
      and not exists (select 1 from sent_reminders r
                      where r.user_id = sp.user_id and r.project_id = p.id and r.kind = 'ending')
      and not exists (select 1 from user_preferences up where up.user_id = sp.user_id and not up.email_reminders)
    order by project_id, user_id
    limit ${limit}`.execute(db);
  return result.rows;
}

/**
 * Records a reminder as sent; false if it already was (another run or instance got there first). Called in the
 * transaction that queues the mail, so the row and the mail exist together or not at all.
 */
export async function claimReminder(db: Kysely<DB>, userId: number, projectId: number, kind: ReminderKind) {
  const inserted = await db
    .insertInto('sent_reminders')
    .values({ user_id: userId, project_id: projectId, kind })
    .onConflict((oc) => oc.doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}
