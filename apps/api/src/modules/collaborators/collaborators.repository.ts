import { type Kysely, sql } from 'kysely';
import { COLLABORATOR_PERMISSIONS, type CollaboratorPermission } from '@fundry/shared';
import type { DB } from '../../db/schema';

interface PermissionColumns {
  can_edit: boolean;
  can_community: boolean;
  can_fulfilment: boolean;
}

const COLUMN: Record<CollaboratorPermission, keyof PermissionColumns> = {
  edit: 'can_edit',
  community: 'can_community',
  fulfilment: 'can_fulfilment',
};

/** The permissions a row grants, in their one order. */
export const permissionsOf = (row: PermissionColumns): CollaboratorPermission[] =>
  COLLABORATOR_PERMISSIONS.filter((permission) => row[COLUMN[permission]]);

/** The columns that store these permissions. */
export const permissionColumns = (permissions: readonly CollaboratorPermission[]): PermissionColumns => ({
  can_edit: permissions.includes('edit'),
  can_community: permissions.includes('community'),
  can_fulfilment: permissions.includes('fulfilment'),
});

const personName = sql<string>`coalesce(nullif(u.full_name, ''), u.username)`;

/**
 * The permissions of a person on a project's team: none unless they accepted an invitation that still stands. Read
 * on each request that decides (ProjectAccess), never cached, so a removal takes effect at once.
 */
export async function memberPermissions(db: Kysely<DB>, projectId: number, userId: number) {
  const row = await db
    .selectFrom('project_collaborators')
    .select(['can_edit', 'can_community', 'can_fulfilment'])
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? permissionsOf(row) : [];
}

/** A project's team as its creator manages it: accepted members and pending invitations, oldest first. */
export function listTeam(db: Kysely<DB>, projectId: number) {
  return db
    .selectFrom('project_collaborators as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.email',
      'c.user_id',
      personName.as('name'),
      'u.profile_image',
      'c.can_edit',
      'c.can_community',
      'c.can_fulfilment',
      'c.created_at',
      'c.accepted_at',
    ])
    .where('c.project_id', '=', projectId)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
}
export type TeamRow = Awaited<ReturnType<typeof listTeam>>[number];

/** The accepted members, for the project page (names and pictures only). */
export function listMembers(db: Kysely<DB>, projectId: number) {
  return db
    .selectFrom('project_collaborators as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['u.id', personName.as('name'), 'u.profile_image'])
    .where('c.project_id', '=', projectId)
    .where('u.deleted_at', 'is', null)
    .orderBy('c.accepted_at')
    .orderBy('c.id')
    .execute();
}

export async function countTeam(db: Kysely<DB>, projectId: number) {
  const row = await db
    .selectFrom('project_collaborators')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export function findByEmail(db: Kysely<DB>, projectId: number, email: string) {
  return db
    .selectFrom('project_collaborators')
    .selectAll()
    .where('project_id', '=', projectId)
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export function findMember(db: Kysely<DB>, projectId: number, userId: number) {
  return db
    .selectFrom('project_collaborators')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertInvitation(
  db: Kysely<DB>,
  values: {
    projectId: number;
    email: string;
    invitedBy: number;
    permissions: readonly CollaboratorPermission[];
  },
) {
  const row = await db
    .insertInto('project_collaborators')
    .values({
      project_id: values.projectId,
      email: values.email,
      invited_by: values.invitedBy,
      ...permissionColumns(values.permissions),
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function setPermissions(
  db: Kysely<DB>,
  id: number,
  permissions: readonly CollaboratorPermission[],
) {
  await db
    .updateTable('project_collaborators')
    .set(permissionColumns(permissions))
    .where('id', '=', id)
    .execute();
}

/** Accepts a pending invitation for this person; false when it was withdrawn or answered meanwhile. */
export async function acceptInvitation(db: Kysely<DB>, id: number, userId: number) {
  const result = await db
    .updateTable('project_collaborators')
    .set({ user_id: userId, accepted_at: sql`now()` })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteRow(db: Kysely<DB>, id: number) {
  const result = await db.deleteFrom('project_collaborators').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * A person's invitations (to their address, from any project) and the projects they help with, newest first. An
 * invitation is matched by address when it is read, so one sent before the person registered is theirs once they
 * have that verified address.
 */
export function listCollaborations(db: Kysely<DB>, userId: number, email: string | null) {
  let query = db
    .selectFrom('project_collaborators as c')
    .innerJoin('projects as p', 'p.id', 'c.project_id')
    .innerJoin('users as u', 'u.id', 'p.creator_id')
    .select([
      'p.id as project_id',
      'p.title',
      'p.status',
      'p.image_url',
      'u.id as creator_id',
      personName.as('creator_name'),
      'c.can_edit',
      'c.can_community',
      'c.can_fulfilment',
      'c.created_at',
      'c.accepted_at',
    ]);
  query = query.where((eb) =>
    email === null
      ? eb('c.user_id', '=', userId)
      : eb.or([
          eb('c.user_id', '=', userId),
          eb.and([eb('c.user_id', 'is', null), eb(sql`lower(c.email)`, '=', email.toLowerCase())]),
        ]),
  );
  return query.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').execute();
}

/** The person an address belongs to (a live account), for the invitation's mail and notification. */
export function findPersonByEmail(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.email', personName.as('name'), 'u.email_verified_at'])
    .where(sql`lower(u.email)`, '=', email.toLowerCase())
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A person's own address, when verified: the invitations they may answer. */
export async function verifiedEmailOf(db: Kysely<DB>, userId: number) {
  const row = await db
    .selectFrom('users')
    .select(['email', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row && row.email_verified_at !== null ? row.email : null;
}
