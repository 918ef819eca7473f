import type { Kysely } from 'kysely';
import { MS_PER_DAY } from '@fundry/shared';
import type { DB } from '../schema';

/**
 * DESIGN.md §17 in the demo: the photo book's collected campaign has sent its backer survey; the first backer has
 * answered, the others not yet (reminded yesterday, so no job mails them at once).
 */
export async function seedSurveys(trx: Kysely<DB>) {
  const book = await trx
    .selectFrom('projects')
    .select('id')
    .where('title', '=', 'Quiet Streets: a photo book')
    .executeTakeFirst();
  if (!book) return;
  const now = Date.now();
  await trx
    .insertInto('surveys')
    .values({ project_id: book.id, sent_at: new Date(now - 5 * MS_PER_DAY) })
    .execute();
  const [finish] = await trx
    .insertInto('survey_questions')
    .values([
      {
        project_id: book.id,
        position: 0,
        kind: 'choice',
        prompt: 'Which cover finish would you like?',
        options: JSON.stringify(['Matte', 'Gloss']),
        required: true,
      },
      {
        project_id: book.id,
        position: 1,
        kind: 'text',
        prompt: 'A name for the dedication (optional)',
        required: false,
      },
    ])
    .returning('id')
    .execute();
  const pledges = await trx
    .selectFrom('donations')
    .select('id')
    .where('project_id', '=', book.id)
    .where('status', '=', 'SUCCEEDED')
    .orderBy('id')
    .execute();
  if (pledges.length === 0) return;
  await trx
    .insertInto('survey_responses')
    .values(
      pledges.map((pledge, index) => ({
        donation_id: pledge.id,
        project_id: book.id,
        invited_at: new Date(now - 5 * MS_PER_DAY),
        last_reminded_at: new Date(now - MS_PER_DAY),
        answers: JSON.stringify(index === 0 ? { [String(finish!.id)]: 'Matte' } : {}),
        answered_at: index === 0 ? new Date(now - 4 * MS_PER_DAY) : null,
      })),
    )
    .execute();
}
