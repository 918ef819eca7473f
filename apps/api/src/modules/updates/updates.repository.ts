import { type Kysely, sql } from 'kysely';
import { LIVE_PLEDGES } from '../../db/literals';
import { pageTotal } from '../../db/page-total';
import type { DB } from '../../db/schema';
import type { KeyedMessage } from '../../i18n';
import { storedValues } from '../notifications/notifications.repository';

/** What the community rules need of a project: who made it and whether others may see it. */
export function findCommunityProject(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('projects')
    .select(['id', 'creator_id', 'status', 'title'])
    .where('id', '=', id)
    .executeTakeFirst();
}
export type CommunityProject = NonNullable<Awaited<ReturnType<typeof findCommunityProject>>>;

/** A backer: a live or collected pledge to the project (DESIGN.md §10's live statuses). */
export async function isBackerOf(db: Kysely<DB>, projectId: number, userId: number) {
  const row = await db
    .selectFrom('donations')
    .select('id')
    .where('donor_id', '=', userId)
    .where('project_id', '=', projectId)
    .where('status', 'in', LIVE_PLEDGES)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

function selectUpdates(db: Kysely<DB>) {
  return db
    .selectFrom('project_updates as pu')
    .innerJoin('users as u', 'u.id', 'pu.author_id')
    .select([
      'pu.id',
      'pu.project_id',
      'pu.number',
      'pu.title',
      'pu.body',
      'pu.visibility',
      'pu.comments_count',
      'pu.published_at',
      'pu.edited_at',
      'u.id as author_id',
      sql<string>`coalesce(nullif(u.full_name, ''), u.username)`.as('author_name'),
      'u.profile_image as author_image',
    ])
    .where('pu.deleted_at', 'is', null);
}
export type UpdateRow = Awaited<ReturnType<ReturnType<typeof selectUpdates>['executeTakeFirstOrThrow']>>;

/** A page of a project's updates, newest (highest number) first, and how many there are: one statement. */
export async function listUpdates(db: Kysely<DB>, projectId: number, page: number, perPage: number) {
  const updateCount = db
    .selectFrom('project_updates')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('project_id', '=', projectId)
    .where('deleted_at', 'is', null);
  const rows = await selectUpdates(db)
    .select(updateCount.as('total'))
    .where('pu.project_id', '=', projectId)
    .orderBy('pu.number', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  const total = await pageTotal(rows, page, async () => (await updateCount.executeTakeFirstOrThrow()).total);
  return { rows, total };
}

export function findUpdate(db: Kysely<DB>, projectId: number, updateId: number) {
  return selectUpdates(db)
    .where('pu.project_id', '=', projectId)
    .where('pu.id', '=', updateId)
    .executeTakeFirst();
}

/** The next number of the project's updates, under a lock held to the end of the transaction. */
export async function insertUpdate(
  trx: Kysely<DB>,
  values: {
    projectId: number;
    authorId: number;
    title: string;
    body: string;
    visibility: 'public' | 'backers';
  },
) {
  // Two updates posted at once would read the same max(number): the second waits for the first.
  await sql`select pg_advisory_xact_lock(${UPDATE_NUMBER_LOCK}, ${values.projectId}::integer)`.execute(trx);
  const result = await sql<{ id: number; number: number }>`
    insert into project_updates (project_id, author_id, number, title, body, visibility)
    select ${values.projectId}::integer, ${values.authorId}::integer, coalesce(max(number), 0) + 1,
           ${values.title}, ${values.body}, ${values.visibility}
    from project_updates where project_id = ${values.projectId}::integer
    returning id, number`.execute(trx);
  const row = result.rows[0];
  if (!row) throw new Error('update not inserted');
  return row;
}

/** Any fixed number: the first key of the per-project lock that numbers updates. */
const UPDATE_NUMBER_LOCK = 11_011;

export async function editUpdate(
  db: Kysely<DB>,
  updateId: number,
  values: { title: string; body: string; visibility: 'public' | 'backers' },
) {
  await db
    .updateTable('project_updates')
    .set({ ...values, edited_at: new Date() })
    .where('id', '=', updateId)
    .where('deleted_at', 'is', null)
    .execute();
}

export async function deleteUpdate(db: Kysely<DB>, updateId: number) {
  const result = await db
    .updateTable('project_updates')
    .set({ deleted_at: new Date() })
    .where('id', '=', updateId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** PROJECT_UPDATE for every live backer but the creator, in one insert … select. */
export async function notifyBackersOfUpdate(
  db: Kysely<DB>,
  project: CommunityProject,
  message: KeyedMessage,
  link: string,
) {
  await sql`
    insert into notifications (user_id, type, message, message_values, project_id, link)
    select distinct donor_id, 'PROJECT_UPDATE', ${message.key}, ${storedValues(message)}::jsonb,
      ${project.id}::integer, ${link}::text
    from donations where project_id = ${project.id}::integer
    and status in (${sql.join(LIVE_PLEDGES)}) and donor_id <> ${project.creator_id}::integer`.execute(db);
}

/**
 * Who gets the mail of an update: live backers, and, when it is public, those who saved the project; never the
 * creator, a deleted account or someone who turned update mails off.
 */
export async function updateMailRecipients(db: Kysely<DB>, project: CommunityProject, isPublic: boolean) {
  const result = await sql<{
    id: number;
    email: string;
    name: string;
    locale: string | null;
    last_locale: string | null;
  }>`
    with recipients as (
      select donor_id as user_id from donations
      where project_id = ${project.id}::integer and status in (${sql.join(LIVE_PLEDGES)})
      union
      select user_id from saved_projects where project_id = ${project.id}::integer and ${isPublic}::boolean
    )
    select u.id, u.email, coalesce(nullif(u.full_name, ''), u.username) as name, u.locale, u.last_locale
    from recipients r
    join users u on u.id = r.user_id
    left join user_preferences p on p.user_id = u.id
    where u.id <> ${project.creator_id}::integer and u.deleted_at is null and coalesce(p.email_updates, true)
    order by u.id`.execute(db);
  return result.rows;
}
