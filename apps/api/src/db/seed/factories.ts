import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../modules/auth/passwords';
import { grantRole, insertUser } from '../../modules/users/users.repository';
import type { DB } from '../schema';

export interface UserFactoryInput {
  username?: string;
  email?: string;
  full_name?: string;
  password?: string;
  verified?: boolean;
  admin?: boolean;
  location?: string;
  bio?: string;
}

export const DEFAULT_TEST_PASSWORD = 'Fundry#Test-2026';

/** A user as the app would have made it (hashed password, User role); shared by tests and the demo seed. */
export async function createUser(db: Kysely<DB>, input: UserFactoryInput = {}) {
  const suffix = randomBytes(4).toString('hex');
  const username = input.username ?? `user_${suffix}`;
  const password = input.password ?? DEFAULT_TEST_PASSWORD;
  const user = await insertUser(db, {
    username,
    email: input.email ?? `${username}@example.test`,
    full_name: input.full_name ?? `Test User ${suffix}`,
    password_hash: await hashPassword(password),
    email_verified_at: input.verified === false ? null : new Date(),
    location: input.location ?? null,
    bio: input.bio ?? null,
  });
  if (input.admin) await grantRole(db, user.email, 'Admin');
  return { ...user, password };
}
