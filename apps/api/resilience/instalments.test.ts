import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { planInstalments, todayUtc } from '@fundry/shared';
import { migrateToLatest } from '../src/db/migrate';
import { createProjectRow, createUser } from '../src/db/seed/factories';
import { eventually } from './support/fixtures';
import { jobsAgainstStripe } from './support/jobs';

const PLANS = 600;
const DECLINED = PLANS / 10;
const DAY = 86_400_000;

/**
 * The instalments job (DESIGN.md §20) killed with SIGKILL mid-run, then resumed by two processes at once: every
 * instalment due is charged exactly once at the provider (the local Stripe fake counts PaymentIntents by
 * idempotency key), none not yet due is, and ledger, instalments and the provider agree to the cent.
 */
describe('instalments', () => {
  const jobs = jobsAgainstStripe({ paymentIntentDelayMs: 25 });
  const { runJobs } = jobs;

  const counts = async (donationIds: number[]) => {
    const rows = await jobs.database.db
      .selectFrom('pledge_instalments')
      .select([
        'status',
        sql<boolean>`claimed_at is not null`.as('claimed'),
        (eb) => eb.fn.countAll<number>().as('n'),
      ])
      .where('donation_id', 'in', donationIds)
      .where('number', '=', 2)
      .groupBy(['status', sql`claimed_at is not null`])
      .execute();
    return Object.fromEntries(
      rows.map((row) => [`${row.status}${row.claimed ? '+claimed' : ''}`, Number(row.n)]),
    );
  };

  it('charges each instalment due once when killed mid-run and resumed by two processes', async () => {
    const { db } = jobs.database;
    await migrateToLatest(db);
    const creator = await createUser(db);
    // A campaign collected 31 days ago: each plan's first instalment paid, the second due yesterday.
    const projectId = await createProjectRow(db, {
      creatorId: creator.id,
      status: 'SUCCESSFUL',
      goal: 100,
      start: -60,
      end: -32,
    });
    await db.updateTable('projects').set({ pledge_over_time: true }).where('id', '=', projectId).execute();
    const firstDue = todayUtc(new Date(Date.now() - 31 * DAY));
    const backers = await db
      .insertInto('users')
      .values(
        Array.from({ length: PLANS }, (_, i) => ({
          username: `plan_${i}`,
          email: `plan_${i}@example.test`,
          full_name: `Plan Backer ${i}`,
        })),
      )
      .returning('id')
      .execute();
    const donations = await db
      .insertInto('donations')
      .values(
        backers.map((backer, i) => ({
          project_id: projectId,
          donor_id: backer.id,
          currency: 'USD',
          amount_cents: 15_000 + (i % 17) * 101,
          status: 'COLLECTING' as const,
          pay_over_time: true,
          funding_model: 'all_or_nothing' as const,
          provider: 'stripe',
          payment_method: i % 10 === 3 ? 'pm_card_chargeCustomerFail' : 'pm_card_visa',
          payment_customer: `cus_plan_${i}`,
          expires_at: new Date(),
          pledged_at: new Date(),
          collection_attempts: 1,
        })),
      )
      .returning(['id', 'amount_cents'])
      .execute();
    await db
      .insertInto('pledge_instalments')
      .values(
        donations.flatMap((donation) =>
          planInstalments(donation.amount_cents, firstDue, 30).map((item) => ({
            donation_id: donation.id,
            number: item.number,
            amount_cents: item.amountMinor,
            due_on: item.dueOn,
            status: item.number === 1 ? ('paid' as const) : ('scheduled' as const),
            charged_at: item.number === 1 ? new Date(Date.now() - 31 * DAY) : null,
          })),
        ),
      )
      .execute();
    const ids = donations.map((donation) => donation.id);
    const dueCents = new Map(
      (
        await db
          .selectFrom('pledge_instalments')
          .select(['donation_id', 'amount_cents'])
          .where('number', '=', 2)
          .where('donation_id', 'in', ids)
          .execute()
      ).map((row) => [row.donation_id, Number(row.amount_cents)]),
    );

    const intentRequests = () =>
      jobs.stripe.requests.filter(
        (request) => request.method === 'POST' && request.path === '/v1/payment_intents',
      );
    const donationOf = (intent: Record<string, unknown>) =>
      Number((intent.metadata as Record<string, string>).donation_id);
    const first = runJobs('instalments');
    await eventually(
      'the instalments under way with a charge in flight',
      async () => {
        const now = await counts(ids);
        if ((now.paid ?? 0) < 50 || (now.scheduled ?? 0) < 50) return false;
        return intentRequests().length > jobs.stripe.paymentIntents.length;
      },
      60_000,
      10,
    );
    first.child.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    // The charges in flight complete at the provider after their caller died.
    await eventually(
      'every charge the dead process sent answered by the provider',
      async () => intentRequests().length === jobs.stripe.paymentIntents.length,
      10_000,
      50,
    );
    const afterKill = await counts(ids);
    expect(afterKill.scheduled).toBeGreaterThan(0);
    expect(afterKill['scheduled+claimed']).toBeGreaterThan(0);
    const intentsAtKill = jobs.stripe.paymentIntents.length;

    // The leases of the dead process run out (2 minutes, moved back here rather than waited).
    await db
      .updateTable('pledge_instalments')
      .set({ claimed_at: sql`now() - interval '3 minutes'` })
      .where('donation_id', 'in', ids)
      .where('claimed_at', 'is not', null)
      .execute();
    const second = runJobs('instalments');
    const third = runJobs('instalments');
    expect(await second.exited, second.output()).toEqual({ code: 0, signal: null });
    expect(await third.exited, third.output()).toEqual({ code: 0, signal: null });

    const done = await counts(ids);
    expect(done).toEqual({ paid: PLANS - DECLINED, failed: DECLINED });
    // The third instalments are not due: untouched.
    const third3 = await db
      .selectFrom('pledge_instalments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('donation_id', 'in', ids)
      .where('number', '=', 3)
      .where('status', '=', 'scheduled')
      .where('attempts', '=', 0)
      .executeTakeFirstOrThrow();
    expect(Number(third3.n)).toBe(PLANS);

    // The provider's record: one PaymentIntent per instalment due, one per idempotency key (attempt 1 each).
    const intents = jobs.stripe.paymentIntents;
    const keys = new Set(intentRequests().map((request) => request.idempotencyKey));
    expect(keys.has(undefined)).toBe(false);
    expect([...keys].every((key) => /^instalment-\d+-attempt-1$/.test(key!))).toBe(true);
    expect(keys.size).toBe(PLANS);
    expect(intents).toHaveLength(PLANS);
    expect(new Set(intents.map(donationOf)).size).toBe(PLANS);
    expect(intentsAtKill).toBeLessThan(PLANS);

    // Ledger = instalments paid = the provider's money, to the cent.
    const paid = await db
      .selectFrom('pledge_instalments')
      .select(['donation_id', 'amount_cents'])
      .where('donation_id', 'in', ids)
      .where('number', '=', 2)
      .where('status', '=', 'paid')
      .execute();
    const paidCents = paid.reduce((sum, row) => sum + Number(row.amount_cents), 0);
    const charged = intents.filter((intent) => intent.status === 'succeeded');
    expect(charged.map(donationOf).sort((a, b) => a - b)).toEqual(
      paid.map((row) => row.donation_id).sort((a, b) => a - b),
    );
    expect(charged.every((intent) => Number(intent.amount) === dueCents.get(donationOf(intent)))).toBe(true);
    expect(jobs.stripe.chargedCents()).toBe(paidCents);
    const ledger = await db
      .selectFrom('ledger_entries')
      .select([
        (eb) => eb.fn.sum<number>('gross_cents').as('gross'),
        (eb) => eb.fn.countAll<number>().as('rows'),
      ])
      .where('project_id', '=', projectId)
      .where('kind', '=', 'donation')
      .executeTakeFirstOrThrow();
    expect([Number(ledger.gross), Number(ledger.rows)]).toEqual([paidCents, paid.length]);
  });
});
