import type { Kysely } from 'kysely';
import { recordAudit } from '../../modules/admin/audit.repository';
import { startSanction } from '../../modules/sanctions/sanctions.repository';
import type { DB } from '../schema';

const DAY_MS = 86_400_000;

/**
 * One silenced person for the admin's Users tab (DESIGN.md §18): Rafael, silenced for two weeks from the seeding, with
 * an earlier silence that an admin ended, both in the audit log.
 */
export async function seedSanctions(trx: Kysely<DB>, users: Map<string, number>) {
  const adminId = users.get('admin')!;
  const personId = users.get('rafael')!;
  const now = Date.now();
  const earlier = new Date(now - 40 * DAY_MS);
  const earlierEnd = new Date(now - 35 * DAY_MS);
  await trx
    .insertInto('user_sanctions')
    .values({
      user_id: personId,
      kind: 'silence',
      reason: 'spam',
      message: 'The same link in twelve comments in an hour. Please write to creators, not at them.',
      until: new Date(now - 33 * DAY_MS),
      created_by: adminId,
      created_at: earlier,
      ended_at: earlierEnd,
      ended_by: adminId,
    })
    .execute();
  const until = new Date(now + 14 * DAY_MS);
  await startSanction(
    trx,
    {
      userId: personId,
      kind: 'silence',
      reason: 'other',
      message: 'Comments aimed at other backers after a warning. You can read everything until then.',
      until,
      createdBy: adminId,
    },
    new Date(now),
  );
  for (const [action, details] of [
    ['user.silence', { reason: 'spam', until: new Date(now - 33 * DAY_MS).toISOString() }],
    ['user.reinstate', { ended: 'silenced' }],
    ['user.silence', { reason: 'other', until: until.toISOString() }],
  ] as const) {
    await recordAudit(trx, { actorId: adminId, action, targetType: 'user', targetId: personId, details });
  }
}
