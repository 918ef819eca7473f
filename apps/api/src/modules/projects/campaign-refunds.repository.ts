import { type Kysely, sql } from 'kysely';
import type { DB, DonationsTable } from '../../db/schema';

/** Campaigns ended early with money still to give back: a collected pledge, or a payout not yet taken back. */
export async function endedProjectsOwing(db: Kysely<DB>) {
  const { rows } = await sql<{ id: number }>`
    select p.id from projects p
    where p.status in ('CANCELED', 'SUSPENDED')
      and (exists (select 1 from donations d where d.project_id = p.id and d.status = 'SUCCEEDED')
           or exists (select 1 from payouts o where o.project_id = p.id and o.status = 'COMPLETED'))
    order by p.id`.execute(db);
  return rows;
}

/** A project's collected pledges after `afterId`, in id order, each with what it brought in net of fees. */
export async function collectedPledgesAfter(
  db: Kysely<DB>,
  projectId: number,
  afterId: number,
  limit: number,
) {
  const { rows } = await sql<{
    id: number;
    refund_blocked: DonationsTable['refund_blocked'];
    net_cents: string;
  }>`
    select d.id, d.refund_blocked,
           coalesce((select sum(l.net_cents) from ledger_entries l
                     where l.donation_id = d.id and l.kind = 'donation'), 0) as net_cents
    from donations d
    where d.project_id = ${projectId} and d.status = 'SUCCEEDED' and d.id > ${afterId}
    order by d.id
    limit ${limit}`.execute(db);
  return rows.map((row) => ({ ...row, net_cents: Number(row.net_cents) }));
}

/** Why a collected pledge of a campaign ended early was not refunded (the refund, once made, clears it). */
export function markRefundBlocked(
  db: Kysely<DB>,
  donationId: number,
  reason: NonNullable<DonationsTable['refund_blocked']>,
) {
  return db
    .updateTable('donations')
    .set({ refund_blocked: reason })
    .where('id', '=', donationId)
    .where('status', '=', 'SUCCEEDED')
    .execute();
}

/**
 * Takes the project's refunds for `leaseMs` (renewed by taking it again), or answers false while another process
 * holds them. A process killed with the lease loses it when it runs out.
 */
export async function leaseProjectRefunds(
  db: Kysely<DB>,
  projectId: number,
  holder: string,
  leaseMs: number,
) {
  const { rows } = await sql<{ project_id: number }>`
    insert into campaign_refund_leases (project_id, holder, until)
    values (${projectId}, ${holder}, now() + ${`${leaseMs} milliseconds`}::interval)
    on conflict (project_id) do update set holder = excluded.holder, until = excluded.until
      where campaign_refund_leases.until < now() or campaign_refund_leases.holder = excluded.holder
    returning project_id`.execute(db);
  return rows.length > 0;
}

export async function releaseProjectRefunds(db: Kysely<DB>, projectId: number, holder: string) {
  await db
    .deleteFrom('campaign_refund_leases')
    .where('project_id', '=', projectId)
    .where('holder', '=', holder)
    .execute();
}
/** What `ModerationService.refundStatus` reports: the project's pledges by outcome, and what could not be recovered. */
export async function campaignRefundStatus(db: Kysely<DB>, projectId: number) {
  const [counts, blocked, payouts] = await Promise.all([
    sql<{
      released: number;
      refunded: number;
      refunded_cents: string;
      to_refund: number;
      to_refund_cents: string;
    }>`
      select count(*) filter (where status = 'RELEASED')::integer as released,
             count(*) filter (where status = 'REFUNDED')::integer as refunded,
             coalesce(sum(amount_cents) filter (where status = 'REFUNDED'), 0) as refunded_cents,
             count(*) filter (where status = 'SUCCEEDED')::integer as to_refund,
             coalesce(sum(amount_cents) filter (where status = 'SUCCEEDED'), 0) as to_refund_cents
      from donations where project_id = ${projectId}`.execute(db),
    db
      .selectFrom('donations as d')
      .innerJoin('users as u', 'u.id', 'd.donor_id')
      .select(['d.id', 'd.amount_cents', 'd.refund_blocked', 'u.full_name', 'u.username'])
      .where('d.project_id', '=', projectId)
      .where('d.status', '=', 'SUCCEEDED')
      .where('d.refund_blocked', 'is not', null)
      .orderBy('d.id')
      .limit(500)
      .execute(),
    db
      .selectFrom('payouts')
      .select(['id', 'amount_cents', 'reversal_failed_at'])
      .where('project_id', '=', projectId)
      .where('status', '=', 'COMPLETED')
      .where('reversal_failed_at', 'is not', null)
      .orderBy('id')
      .execute(),
  ]);
  const row = counts.rows[0]!;
  return {
    counts: {
      ...row,
      refunded_cents: Number(row.refunded_cents),
      to_refund_cents: Number(row.to_refund_cents),
    },
    blocked: blocked.map((pledge) => ({
      id: pledge.id,
      amount_cents: pledge.amount_cents,
      refund_blocked: pledge.refund_blocked!,
      backer: pledge.full_name || pledge.username,
    })),
    payouts,
  };
}
