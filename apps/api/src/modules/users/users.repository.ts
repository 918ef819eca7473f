import { type Kysely, sql } from 'kysely';
import { OPEN_PLEDGES } from '../../db/literals';
import type { DB, NewUser, ProjectStatusValue, UserUpdate } from '../../db/schema';
import { backerFiguresQuery } from '../backing/backing.repository';

const byEmail = (email: string) => sql<boolean>`lower(email) = ${email.trim().toLowerCase()}`;

export function findUserById(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * The person's row with what their profile counts, in one statement (a project page reads its creator's): how many
 * projects they made in `statuses`, and what they backed (`backerFiguresQuery`).
 */
export function findUserWithFigures(
  db: Kysely<DB>,
  id: number,
  statuses: readonly ProjectStatusValue[],
  baseCurrency: string,
) {
  return db
    .selectFrom('users as u')
    .innerJoin(backerFiguresQuery(db, id, baseCurrency).as('f'), (join) => join.onTrue())
    .selectAll('u')
    .selectAll('f')
    .select((eb) =>
      eb
        .selectFrom('projects')
        .select(eb.fn.countAll<string>().as('n'))
        .where('creator_id', '=', id)
        .where('status', 'in', statuses)
        .as('projects_created'),
    )
    .where('u.id', '=', id)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findUserByEmail(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(byEmail(email))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findUserByOidcSubject(db: Kysely<DB>, issuer: string, subject: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('oidc_issuer', '=', issuer)
    .where('oidc_subject', '=', subject)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function emailOrUsernameTaken(
  db: Kysely<DB>,
  email: string,
  username: string,
  exceptId?: number,
) {
  let query = db
    .selectFrom('users')
    .select([
      sql<boolean>`bool_or(lower(email) = ${email.toLowerCase()})`.as('email'),
      sql<boolean>`bool_or(lower(username) = ${username.toLowerCase()})`.as('username'),
    ])
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['email']), '=', email.toLowerCase()),
        eb(eb.fn('lower', ['username']), '=', username.toLowerCase()),
      ]),
    )
    // As the unique indexes: a closed account holds neither (migrations 0043 and 0044).
    .where('deleted_at', 'is', null);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  const row = await query.executeTakeFirst();
  return { email: Boolean(row?.email), username: Boolean(row?.username) };
}

/** Inserts the user with the User role, which every account has. */
export async function insertUser(db: Kysely<DB>, user: NewUser) {
  const created = await db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  await db
    .insertInto('user_roles')
    .columns(['user_id', 'role_id'])
    .expression((eb) =>
      eb
        .selectFrom('roles')
        .select([eb.val(created.id).as('user_id'), 'id'])
        .where('name', '=', 'User'),
    )
    .execute();
  return created;
}

export function updateUser(db: Kysely<DB>, id: number, changes: UserUpdate) {
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function rolesAndPermissions(db: Kysely<DB>, userId: number) {
  const rows = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .leftJoin('role_permissions as rp', 'rp.role_id', 'r.id')
    .leftJoin('permissions as p', 'p.id', 'rp.permission_id')
    .select(['r.name as role', 'p.name as permission'])
    .where('ur.user_id', '=', userId)
    .execute();
  const roles = [...new Set(rows.map((row) => row.role))].sort();
  const permissions = [...new Set(rows.flatMap((row) => (row.permission ? [row.permission] : [])))].sort();
  return { roles, permissions };
}

/** Grants a role to the account with this e-mail; false when there is no such account. */
export async function grantRole(db: Kysely<DB>, email: string, role: string): Promise<boolean> {
  const user = await findUserByEmail(db, email);
  if (!user) return false;
  await db
    .insertInto('user_roles')
    .columns(['user_id', 'role_id'])
    .expression((eb) =>
      eb
        .selectFrom('roles')
        .select([eb.val(user.id).as('user_id'), 'id'])
        .where('name', '=', role),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  return true;
}

/** Whether the user has pledges still to be charged: a deleted account would leave them unmanageable. */
export async function hasOpenPledges(db: Kysely<DB>, userId: number) {
  const row = await db
    .selectFrom('donations')
    .select('id')
    .where('donor_id', '=', userId)
    .where('status', 'in', OPEN_PLEDGES)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Account deletion keeps the row (projects and donations reference it) but removes everything that
 * identifies the person or lets anyone sign in as them.
 */
export async function anonymiseUser(db: Kysely<DB>, id: number) {
  await db
    .updateTable('users')
    .set({
      // No name in any language: each reader's page names a closed account in theirs (migration 0043). No
      // address either, made up or not: nothing is mailed to it and no reader is shown one (migration 0044).
      username: '',
      email: '',
      full_name: '',
      password_hash: null,
      email_verified_at: null,
      location: null,
      bio: null,
      website: null,
      twitter: null,
      profile_image: null,
      totp_secret: null,
      totp_pending_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
      oidc_issuer: null,
      oidc_subject: null,
      deleted_at: new Date(),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
  await db.deleteFrom('user_roles').where('user_id', '=', id).execute();
  await db.deleteFrom('user_tokens').where('user_id', '=', id).execute();
}
