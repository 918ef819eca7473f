import { type Kysely, sql } from 'kysely';

/**
 * DESIGN.md §16: add-ons, items sold beside the rewards, and the add-ons each pledge holds. Their stock is kept as
 * rewards' is (claimed by live pledges, reserved by open checkouts) and the database refuses an oversold one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('add_ons')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('price_cents', 'bigint', (col) => col.notNull().check(sql`price_cents > 0`))
    .addColumn('quantity_available', 'integer')
    .addColumn('quantity_claimed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('quantity_reserved', 'integer', (col) => col.notNull().defaultTo(0))
    // The rewards it comes with; empty: any pledge.
    .addColumn('available_with', sql`integer[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    // `[{country, cost_cents}]` per item, as rewards' rules; empty: it does not ship.
    .addColumn('shipping_rules', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'add_ons_stock',
      sql`quantity_claimed >= 0 and quantity_reserved >= 0 and (quantity_available is null or quantity_claimed + quantity_reserved <= quantity_available)`,
    )
    .execute();
  await db.schema
    .createIndex('add_ons_project_idx')
    .on('add_ons')
    .columns(['project_id', 'price_cents'])
    .execute();

  await db.schema
    .createTable('donation_add_ons')
    .addColumn('donation_id', 'integer', (col) =>
      col.notNull().references('donations.id').onDelete('cascade'),
    )
    .addColumn('add_on_id', 'integer', (col) => col.notNull().references('add_ons.id'))
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    // What one item cost and what shipping all of them cost when pledged: a later price change does not move it.
    .addColumn('price_cents', 'bigint', (col) => col.notNull())
    .addColumn('shipping_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('donation_add_ons_pkey', ['donation_id', 'add_on_id'])
    .execute();
  await db.schema
    .createIndex('donation_add_ons_add_on_idx')
    .on('donation_add_ons')
    .column('add_on_id')
    .execute();
  // Whether a pledge holds add-ons, on its row: the payment paths of the many pledges without any skip their stock.
  await db.schema
    .alterTable('donations')
    .addColumn('has_add_ons', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('donations').dropColumn('has_add_ons').execute();
  await db.schema.dropTable('donation_add_ons').execute();
  await db.schema.dropTable('add_ons').execute();
}
