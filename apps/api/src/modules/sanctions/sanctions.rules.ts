import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError, MomentValue } from '../../errors';
import { silencedUntil } from './sanctions.repository';

/**
 * Refuses a write others would see (a comment, a message, a project submitted for review, an update) while an admin
 * has silenced its author (DESIGN.md §18): 403, saying until when in the caller's language. Each module that
 * publishes calls it before it writes; reading stays open.
 */
export async function assertMayPublish(db: Kysely<DB>, userId: number) {
  const until = await silencedUntil(db, userId);
  if (until) {
    throw new AppError('ACCOUNT_SILENCED', 'api.sanctions.silenced', undefined, undefined, {
      until: new MomentValue(until),
    });
  }
}
