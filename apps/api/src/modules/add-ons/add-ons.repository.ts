import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import { minorToMajor, type PledgedAddOn } from '@fundry/shared';
import type { AddOnsTable, DB } from '../../db/schema';

export function listAddOns(db: Kysely<DB>, projectId: number) {
  return db
    .selectFrom('add_ons')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('price_cents')
    .orderBy('id')
    .execute();
}

export function findAddOns(db: Kysely<DB>, projectId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('add_ons')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', 'in', ids)
    .execute();
}

/** The add-on, locked for its creator's change (stock moves under the same lock). */
export function lockAddOn(db: Kysely<DB>, projectId: number, addOnId: number) {
  return db
    .selectFrom('add_ons')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', addOnId)
    .forUpdate()
    .executeTakeFirst();
}

export function insertAddOn(db: Kysely<DB>, values: Insertable<AddOnsTable>) {
  return db.insertInto('add_ons').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateAddOn(db: Kysely<DB>, addOnId: number, values: Updateable<AddOnsTable>) {
  return db
    .updateTable('add_ons')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', addOnId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes an add-on no pledge ever held; false when one did (their receipts name it). */
export async function deleteUnpledgedAddOn(db: Kysely<DB>, addOnId: number) {
  const result = await db
    .deleteFrom('add_ons')
    .where('id', '=', addOnId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('donation_add_ons').select('add_on_id').whereRef('add_on_id', '=', 'add_ons.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The reward ids of a project among `ids`: what an add-on may be offered with. */
export async function rewardIdsOf(db: Kysely<DB>, projectId: number, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('rewards')
    .select('id')
    .where('project_id', '=', projectId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

export interface PledgeLine {
  add_on_id: number;
  quantity: number;
  price_cents: number;
  shipping_cents: number;
}

/** A pledge's add-ons from now on (a new pledge's, or Manage pledge's whole new set). */
export async function replacePledgeLines(db: Kysely<DB>, donationId: number, lines: PledgeLine[]) {
  await db.deleteFrom('donation_add_ons').where('donation_id', '=', donationId).execute();
  if (lines.length === 0) return;
  await db
    .insertInto('donation_add_ons')
    .values(lines.map((line) => ({ donation_id: donationId, ...line })))
    .execute();
}

/** The add-ons of these pledges with their titles, for the pledges' views. */
export function pledgeLinesOf(db: Kysely<DB>, donationIds: number[]) {
  if (donationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('donation_add_ons as l')
    .innerJoin('add_ons as a', 'a.id', 'l.add_on_id')
    .select(['l.donation_id', 'l.add_on_id', 'a.title', 'l.quantity', 'l.price_cents', 'l.shipping_cents'])
    .where('l.donation_id', 'in', donationIds)
    .orderBy('l.donation_id')
    .orderBy('a.price_cents')
    .orderBy('a.id')
    .execute();
}

/**
 * Stock moves of one pledge's add-ons, each one statement over its lines. The add-ons are locked in id order
 * first, so two pledges taking the same add-ons cannot deadlock; the guard is evaluated on the locked rows, so
 * concurrent pledges never take more than is left (the table's check refuses it besides). The lock is FOR NO KEY
 * UPDATE, as an UPDATE's own: FOR UPDATE would wait on the key-share lock that each pledge's lines take on their
 * add-ons (their foreign key), and two pledges would deadlock.
 */
type StockMove = 'reserve' | 'claim' | 'reservedToClaimed' | 'release' | 'unclaim';

const MOVES: Record<StockMove, { set: ReturnType<typeof sql>; guard: ReturnType<typeof sql> }> = {
  reserve: {
    set: sql`quantity_reserved = a.quantity_reserved + l.quantity`,
    guard: sql`(a.quantity_available is null or a.quantity_claimed + a.quantity_reserved + l.quantity <= a.quantity_available)`,
  },
  claim: {
    set: sql`quantity_claimed = a.quantity_claimed + l.quantity`,
    guard: sql`(a.quantity_available is null or a.quantity_claimed + a.quantity_reserved + l.quantity <= a.quantity_available)`,
  },
  reservedToClaimed: {
    set: sql`quantity_reserved = a.quantity_reserved - l.quantity, quantity_claimed = a.quantity_claimed + l.quantity`,
    guard: sql`a.quantity_reserved >= l.quantity`,
  },
  release: {
    set: sql`quantity_reserved = a.quantity_reserved - l.quantity`,
    guard: sql`a.quantity_reserved >= l.quantity`,
  },
  unclaim: {
    set: sql`quantity_claimed = a.quantity_claimed - l.quantity`,
    guard: sql`a.quantity_claimed >= l.quantity`,
  },
};

/** Moves the stock of a pledge's add-ons; returns the ids of the lines it could not move (none: all moved). */
export async function moveAddOnStock(db: Kysely<DB>, donationId: number, move: StockMove) {
  const { set, guard } = MOVES[move];
  const result = await sql<{ add_on_id: number; moved: boolean }>`
    with l as materialized (
      select add_on_id, quantity from donation_add_ons where donation_id = ${donationId}),
    locked as materialized (
      select a.id from add_ons a where a.id in (select add_on_id from l) order by a.id for no key update),
    moved as (
      update add_ons a set ${set}, updated_at = now()
      from l where a.id = l.add_on_id and a.id in (select id from locked) and ${guard}
      returning a.id)
    select l.add_on_id from l where l.add_on_id not in (select id from moved)`.execute(db);
  return result.rows.map((row) => row.add_on_id);
}

/** Lines whose add-on had no stock left for a payment that arrived late: the pledge keeps its money, not them. */
export async function dropPledgeLines(db: Kysely<DB>, donationId: number, addOnIds: number[]) {
  if (addOnIds.length === 0) return;
  await db
    .deleteFrom('donation_add_ons')
    .where('donation_id', '=', donationId)
    .where('add_on_id', 'in', addOnIds)
    .execute();
}

/** The add-ons of these pledges as the API shows them on a pledge, by pledge: one query for a whole page. */
export async function pledgedAddOnsOf(
  db: Kysely<DB>,
  donationIds: number[],
  currencyOf: (donationId: number) => string,
) {
  const byPledge = new Map<number, PledgedAddOn[]>();
  for (const line of await pledgeLinesOf(db, donationIds)) {
    const currency = currencyOf(line.donation_id);
    const lines = byPledge.get(line.donation_id) ?? [];
    lines.push({
      add_on_id: line.add_on_id,
      title: line.title,
      quantity: line.quantity,
      price: minorToMajor(line.price_cents, currency),
      currency,
    });
    byPledge.set(line.donation_id, lines);
  }
  return byPledge;
}
