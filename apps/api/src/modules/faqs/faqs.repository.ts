import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export function listFaqs(db: Kysely<DB>, projectId: number) {
  return db
    .selectFrom('project_faqs')
    .select(['id', 'question', 'answer', 'created_at', 'updated_at'])
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
}
export type FaqRow = Awaited<ReturnType<typeof listFaqs>>[number];

export function insertFaq(db: Kysely<DB>, projectId: number, values: { question: string; answer: string }) {
  return db
    .insertInto('project_faqs')
    .values({ project_id: projectId, ...values })
    .returning(['id', 'question', 'answer', 'created_at', 'updated_at'])
    .executeTakeFirstOrThrow();
}

export function updateFaq(
  db: Kysely<DB>,
  projectId: number,
  id: number,
  values: { question: string; answer: string },
) {
  return db
    .updateTable('project_faqs')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .returning(['id', 'question', 'answer', 'created_at', 'updated_at'])
    .executeTakeFirst();
}

export async function deleteFaq(db: Kysely<DB>, projectId: number, id: number) {
  const result = await db
    .deleteFrom('project_faqs')
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
