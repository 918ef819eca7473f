import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate';
import { createProjectRow, createUser } from '../src/db/seed/factories';
import { eventually, moneyOf } from './support/fixtures';
import { jobsAgainstStripe } from './support/jobs';

const PLEDGES = 1_200;
/** Two suspended campaigns, one in euros and one in yen (no minor unit): each refunded in its own currency. */
const CURRENCIES = ['EUR', 'JPY'] as const;

/**
 * The refunds of suspended campaigns (DESIGN.md §18) killed with SIGKILL mid-run, then resumed by two processes at
 * once: every collected pledge ends refunded exactly once at the provider (the local Stripe fake keeps one refund
 * per idempotency key and refuses a key already in flight, as Stripe does), and ledger, counters and the provider
 * agree to the smallest unit of each campaign's currency.
 */
describe('refunds of suspended campaigns', () => {
  const jobs = jobsAgainstStripe({ refundDelayMs: 20 });
  const { runJobs } = jobs;

  const counts = async (projectIds: number[]) => {
    const rows = await jobs.database.db
      .selectFrom('donations')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('project_id', 'in', projectIds)
      .groupBy('status')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
  };

  it('refunds each collected pledge once when killed mid-run and resumed twice at once', async () => {
    const { db } = jobs.database;
    await migrateToLatest(db);
    const creator = await createUser(db);
    const projectIds: number[] = [];
    for (const currency of CURRENCIES) {
      projectIds.push(
        await createProjectRow(db, {
          creatorId: creator.id,
          currency,
          goal: 100,
          start: -20,
          end: 10,
          fundingModel: 'flexible',
        }),
      );
    }
    const backers = await db
      .insertInto('users')
      .values(
        Array.from({ length: PLEDGES }, (_, i) => ({
          username: `refund_${i}`,
          email: `refund_${i}@example.test`,
          full_name: `Refunded Backer ${i}`,
        })),
      )
      .returning('id')
      .execute();
    // Flexible pledges charged at checkout: each SUCCEEDED with its payment and its ledger row.
    const donations = await db
      .insertInto('donations')
      .values(
        backers.map((backer, i) => ({
          project_id: projectIds[i % CURRENCIES.length]!,
          donor_id: backer.id,
          currency: CURRENCIES[i % CURRENCIES.length]!,
          amount_cents: 1000 + (i % 17) * 101,
          status: 'SUCCEEDED' as const,
          funding_model: 'flexible' as const,
          provider: 'stripe',
          payment_reference: `pi_refund_${i}`,
          expires_at: new Date(),
          pledged_at: new Date(),
          succeeded_at: new Date(),
        })),
      )
      .returning(['id', 'project_id', 'currency', 'amount_cents'])
      .execute();
    await db
      .insertInto('ledger_entries')
      .values(
        donations.map((donation) => ({
          project_id: donation.project_id,
          donation_id: donation.id,
          currency: donation.currency,
          kind: 'donation' as const,
          gross_cents: donation.amount_cents,
          processing_fee_cents: 0,
          platform_fee_cents: 0,
          net_cents: donation.amount_cents,
        })),
      )
      .execute();
    for (const projectId of projectIds) {
      const own = donations.filter((donation) => donation.project_id === projectId);
      await db
        .updateTable('projects')
        .set({
          status: 'SUSPENDED',
          suspension_reason: 'fraud',
          ended_at: new Date(),
          current_cents: own.reduce((sum, donation) => sum + donation.amount_cents, 0),
          backers_count: own.length,
        })
        .where('id', '=', projectId)
        .execute();
    }

    const refundRequests = () =>
      jobs.stripe.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds');
    const first = runJobs('campaign-refunds');
    let firstExit: unknown = null;
    void first.exited.then((exit) => (firstExit = exit));
    await eventually(
      'the refunds under way with one in flight',
      async () => {
        if (firstExit) throw new Error(`the job ended first: ${JSON.stringify(firstExit)} ${first.output()}`);
        const now = await counts(projectIds);
        if ((now.REFUNDED ?? 0) < 100 || (now.SUCCEEDED ?? 0) < 100) return false;
        return refundRequests().length > jobs.stripe.refunds.length;
      },
      120_000,
      5,
    );
    first.child.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    // A refund in flight completes at the provider after its caller died: the database never heard of it.
    await eventually(
      'every refund the dead process sent answered',
      async () => refundRequests().length === jobs.stripe.refunds.length,
      10_000,
      20,
    );
    const afterKill = await counts(projectIds);
    expect(afterKill.SUCCEEDED).toBeGreaterThan(0);
    const refundsAtKill = jobs.stripe.refunds.length;
    expect(refundsAtKill).toBeGreaterThan(afterKill.REFUNDED ?? 0);

    // The dead process's lease on its project runs out (two minutes, moved back here rather than waited).
    const leases = await db.selectFrom('campaign_refund_leases').select('project_id').execute();
    expect(leases).toHaveLength(1);
    await db
      .updateTable('campaign_refund_leases')
      .set({ until: sql`now() - interval '1 second'` })
      .execute();
    // Two processes resume at once (the minute's job and an operator's run).
    const second = runJobs('campaign-refunds');
    const third = runJobs('campaign-refunds');
    expect(await second.exited, second.output()).toEqual({ code: 0, signal: null });
    expect(await third.exited, third.output()).toEqual({ code: 0, signal: null });
    // One of them may have found a project locked by the other: the next run finishes what is left, as the
    // minute's job would.
    const fourth = runJobs('campaign-refunds');
    expect(await fourth.exited, fourth.output()).toEqual({ code: 0, signal: null });

    expect(await counts(projectIds)).toEqual({ REFUNDED: PLEDGES });
    // The provider's record: one refund per pledge, each key asked once more at most by the resumption.
    const refunded = jobs.stripe.refunds.map((refund) => String(refund.payment_intent));
    expect(refunded).toHaveLength(PLEDGES);
    expect(new Set(refunded).size).toBe(PLEDGES);
    const blocked = await db
      .selectFrom('donations')
      .select('id')
      .where('refund_blocked', 'is not', null)
      .execute();
    expect(blocked).toEqual([]);
    expect(await db.selectFrom('campaign_refund_leases').selectAll().execute()).toEqual([]);

    // Each campaign in its own currency, to its smallest unit: the provider's refunds, the ledger and the counters.
    for (const projectId of projectIds) {
      const own = donations.filter((donation) => donation.project_id === projectId);
      const references = new Set(
        (
          await db
            .selectFrom('donations')
            .select('payment_reference')
            .where('project_id', '=', projectId)
            .execute()
        ).map((row) => row.payment_reference),
      );
      const atProvider = jobs.stripe.refunds
        .filter((refund) => references.has(String(refund.payment_intent)))
        .reduce((sum, refund) => sum + Number(refund.amount), 0);
      expect(atProvider).toBe(own.reduce((sum, donation) => sum + donation.amount_cents, 0));
      const money = await moneyOf(db, projectId);
      expect(money.status).toBe('SUSPENDED');
      expect(money.ledger).toEqual({ gross: 0, rows: own.length * 2 });
      expect(money.counters).toEqual({ cents: 0, backers: 0 });
    }
  });
});
