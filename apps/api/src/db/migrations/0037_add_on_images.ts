import type { Kysely } from 'kysely';

/** DESIGN.md §16: an add-on's picture, uploaded by its creator, checked by its bytes and stored re-encoded. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('add_ons').addColumn('image_url', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('add_ons').dropColumn('image_url').execute();
}
