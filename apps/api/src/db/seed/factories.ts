import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { majorToMinor, richTextToPlain, todayUtc } from '@fundry/shared';
import { insertProject } from '../../modules/projects/projects.repository';
import { hashPassword } from '../../modules/auth/passwords';
import { grantRole, insertUser } from '../../modules/users/users.repository';
import type { DB, ProjectStatusValue } from '../schema';

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

export interface ProjectFactoryInput {
  creatorId: number;
  title?: string;
  description?: string;
  status?: ProjectStatusValue;
  categoryId?: number | null;
  goal?: number;
  raised?: number;
  backers?: number;
  featured?: boolean;
  fundingModel?: 'all_or_nothing' | 'flexible';
  /** Days from today. */
  start?: number;
  end?: number;
  createdAt?: Date;
  /** ISO 4217; USD when not given, like every project before currencies. */
  currency?: string;
  /** When it launched (went ACTIVE); a row made ACTIVE here has none unless given. */
  activatedAt?: Date;
}

const day = (offset: number) => todayUtc(new Date(Date.now() + offset * 86_400_000));

/** A project row straight in the database, for tests that need many projects in given states quickly. */
export async function createProjectRow(db: Kysely<DB>, input: ProjectFactoryInput) {
  const description = input.description ?? '<p>A project made by a test.</p>';
  const currency = input.currency ?? 'USD';
  return insertProject(db, {
    creator_id: input.creatorId,
    title: input.title ?? `Project ${randomBytes(3).toString('hex')}`,
    description,
    description_text: richTextToPlain(description),
    risks_and_challenges: '<p>Some risk.</p>',
    status: input.status ?? 'ACTIVE',
    category_id: input.categoryId ?? null,
    goal_cents: majorToMinor(input.goal ?? 1000, currency),
    current_cents: majorToMinor(input.raised ?? 0, currency),
    backers_count: input.backers ?? 0,
    featured: input.featured ?? false,
    funding_model: input.fundingModel ?? 'all_or_nothing',
    start_date: day(input.start ?? -1),
    end_date: day(input.end ?? 30),
    ...(input.createdAt ? { created_at: input.createdAt } : {}),
    currency,
    ...(input.activatedAt ? { activated_at: input.activatedAt } : {}),
  });
}
