import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Grants a role to the account with this e-mail; false when there is no such account. */
export async function grantRole(db: Kysely<DB>, email: string, role: string): Promise<boolean> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
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
