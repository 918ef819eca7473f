import type { Kysely } from 'kysely';
import type { MailPreference, Preferences } from '@fundry/shared';
import type { DB } from '../../db/schema';

const DEFAULTS: Preferences = {
  email_updates: true,
  email_comments: true,
  email_pledges: true,
  email_reminders: true,
  email_messages: true,
  email_launches: true,
};

/** A person's preferences; no row means the defaults (everything on). */
export async function findPreferences(db: Kysely<DB>, userId: number): Promise<Preferences> {
  const row = await db
    .selectFrom('user_preferences')
    .select([
      'email_updates',
      'email_comments',
      'email_pledges',
      'email_reminders',
      'email_messages',
      'email_launches',
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? { ...DEFAULTS };
}

/** Writes the given preferences (the others keep their value, or their default on a first write). */
export async function savePreferences(db: Kysely<DB>, userId: number, changes: Partial<Preferences>) {
  await db
    .insertInto('user_preferences')
    .values({ user_id: userId, ...changes })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...changes, updated_at: new Date() }))
    .execute();
}

/**
 * Whether `userId` wants the mails `preference` governs (true unless they turned it off). Takes the caller's
 * transaction, so a mail is queued or not in the same transaction as its cause.
 */
export async function wantsMail(db: Kysely<DB>, userId: number, preference: MailPreference) {
  const row = await db
    .selectFrom('user_preferences')
    .select(preference)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? Boolean(row[preference]) : true;
}
