import { type Kysely, sql } from 'kysely';
import type { DB, UserTokenPurpose } from '../../db/schema';

export function insertRefreshToken(
  db: Kysely<DB>,
  row: { user_id: number; family_id: string; token_hash: string; expires_at: Date },
) {
  return db.insertInto('refresh_tokens').values(row).execute();
}

export function findRefreshTokenForUpdate(db: Kysely<DB>, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

export function markRefreshTokenUsed(db: Kysely<DB>, id: number) {
  return db.updateTable('refresh_tokens').set({ used_at: new Date() }).where('id', '=', id).execute();
}

export function revokeFamily(db: Kysely<DB>, familyId: string) {
  return db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

export function revokeUserSessions(db: Kysely<DB>, userId: number, exceptFamilyId?: string) {
  let query = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptFamilyId) query = query.where('family_id', '<>', exceptFamilyId);
  return query.execute();
}

/** A new single-use token replaces any earlier unused one of the same purpose. */
export async function replaceUserToken(
  db: Kysely<DB>,
  userId: number,
  purpose: UserTokenPurpose,
  tokenHash: string,
  expiresAt: Date,
) {
  await db
    .updateTable('user_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('user_tokens')
    .values({ user_id: userId, purpose, token_hash: tokenHash, expires_at: expiresAt })
    .execute();
}

/** Uses a mailed link token once: the conditional update is the check, so two clicks cannot both win. */
export async function consumeUserToken(db: Kysely<DB>, purpose: UserTokenPurpose, tokenHash: string) {
  const row = await db
    .updateTable('user_tokens')
    .set({ used_at: new Date() })
    .where('purpose', '=', purpose)
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** The live code a user was mailed for `purpose`, if any. */
export function findActiveCode(db: Kysely<DB>, userId: number, purpose: UserTokenPurpose) {
  return db
    .selectFrom('user_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export function countCodeAttempt(db: Kysely<DB>, id: number) {
  return db
    .updateTable('user_tokens')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export function markTokenUsed(db: Kysely<DB>, id: number) {
  return db.updateTable('user_tokens').set({ used_at: new Date() }).where('id', '=', id).execute();
}

/** Records the TOTP time step just used; false when it (or a later one) was used already: a replay. */
export async function claimTotpStep(db: Kysely<DB>, userId: number, step: number) {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function insertOidcLogin(
  db: Kysely<DB>,
  row: { state: string; nonce: string; code_verifier: string; redirect_path: string; expires_at: Date },
) {
  return db.insertInto('oidc_logins').values(row).execute();
}

export async function takeOidcLogin(db: Kysely<DB>, state: string) {
  await db
    .deleteFrom('oidc_logins')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  return db.deleteFrom('oidc_logins').where('state', '=', state).returningAll().executeTakeFirst();
}
