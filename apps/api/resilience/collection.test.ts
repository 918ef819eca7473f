import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate';
import { createProjectRow, createUser } from '../src/db/seed/factories';
import { eventually, moneyOf } from './support/fixtures';
import { jobsAgainstStripe } from './support/jobs';

const PLEDGES = 1_500;
const DECLINED = PLEDGES / 10;
/** Two campaigns ending together, one in euros and one in yen (no minor unit): each collected in its own. */
const CURRENCIES = ['EUR', 'JPY'] as const;

/**
 * The collection of saved cards (DESIGN.md §10) killed with SIGKILL mid-run, then resumed by two processes at
 * once: every pledge ends charged exactly once at the provider (the local Stripe fake counts PaymentIntents by
 * idempotency key), and ledger, counters and the provider agree to the smallest unit of each campaign's currency.
 */
describe('pledge collection', () => {
  const jobs = jobsAgainstStripe({ paymentIntentDelayMs: 25 });
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

  it('loses nothing and charges nobody twice when killed mid-run', async () => {
    const { db } = jobs.database;
    // Two campaigns that ended yesterday with their goals met in saved cards; one card in ten declines.
    await migrateToLatest(db);
    const creator = await createUser(db);
    const projectIds: number[] = [];
    for (const currency of CURRENCIES) {
      projectIds.push(
        await createProjectRow(db, { creatorId: creator.id, currency, goal: 100, start: -30, end: -1 }),
      );
    }
    const currencyOf = (projectId: number) => CURRENCIES[projectIds.indexOf(projectId)]!;
    // Backers who never sign in: rows only, without a password to hash.
    const backers = await db
      .insertInto('users')
      .values(
        Array.from({ length: PLEDGES }, (_, i) => ({
          username: `collect_${i}`,
          email: `collect_${i}@example.test`,
          full_name: `Collected Backer ${i}`,
        })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('donations')
      .values(
        backers.map((backer, i) => ({
          project_id: projectIds[i % CURRENCIES.length]!,
          donor_id: backer.id,
          currency: CURRENCIES[i % CURRENCIES.length]!,
          amount_cents: 1000 + (i % 17) * 101,
          status: 'PLEDGED' as const,
          funding_model: 'all_or_nothing' as const,
          provider: 'stripe',
          payment_method: i % 10 === 3 ? 'pm_card_chargeCustomerFail' : 'pm_card_visa',
          payment_customer: `cus_collect_${i}`,
          expires_at: new Date(),
          pledged_at: new Date(),
        })),
      )
      .execute();
    await sql`update projects set current_cents = (select sum(amount_cents) from donations where project_id = projects.id),
              backers_count = (select count(*) from donations where project_id = projects.id)
              where id in (${sql.join(projectIds)})`.execute(db);

    // Settlement and collection, killed once some pledges are charged, others still wait, and a charge is at the
    // provider with no answer yet: the provider makes that PaymentIntent, the dead process never records it.
    const keyOf = (intent: Record<string, unknown>) => {
      const metadata = intent.metadata as Record<string, string>;
      return `collect-donation-${metadata.donation_id}-attempt-${metadata.attempt}`;
    };
    const intentRequests = () =>
      jobs.stripe.requests.filter(
        (request) => request.method === 'POST' && request.path === '/v1/payment_intents',
      );
    const first = runJobs('campaign-settlement');
    await eventually(
      'the collection under way with a charge in flight',
      async () => {
        const now = await counts(projectIds);
        if ((now.SUCCEEDED ?? 0) < 100 || (now.PLEDGED ?? 0) < 100 || !now.COLLECTING) return false;
        // Synchronously from here to the kill: no timer of the fake runs in between.
        const answered = new Set(jobs.stripe.paymentIntents.map(keyOf));
        return intentRequests().some((request) => !answered.has(request.idempotencyKey!));
      },
      60_000,
      10,
    );
    first.child.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    // The charges in flight complete at the provider (its delay is 25 ms) after their caller died.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await eventually(
      'every charge the dead process sent answered by the provider',
      async () => {
        const answered = new Set(jobs.stripe.paymentIntents.map(keyOf));
        return intentRequests().every((request) => answered.has(request.idempotencyKey!));
      },
      10_000,
      50,
    );
    const afterKill = await counts(projectIds);
    expect(afterKill.PLEDGED).toBeGreaterThan(0);
    // Attempts the dead process had claimed: resumed below with their own idempotency keys.
    expect(afterKill.COLLECTING).toBeGreaterThan(0);
    const collecting = await db
      .selectFrom('donations')
      .select('id')
      .where('project_id', 'in', projectIds)
      .where('status', '=', 'COLLECTING')
      .execute();
    const collectingIds = new Set(collecting.map((row) => row.id));
    // Charged (or declined) at the provider, unknown to the database: the crash window exactly-once is about.
    const orphans = jobs.stripe.paymentIntents.filter((intent) =>
      collectingIds.has(Number((intent.metadata as Record<string, string>).donation_id)),
    );
    expect(orphans.length).toBeGreaterThan(0);
    const intentsAtKill = jobs.stripe.paymentIntents.length;

    // The lease of the attempts the dead process held runs out (2 minutes, moved back here rather than waited).
    await db
      .updateTable('donations')
      .set({ collecting_since: sql`now() - interval '3 minutes'` })
      .where('project_id', 'in', projectIds)
      .where('status', '=', 'COLLECTING')
      .execute();
    // Two instances resume at once (the minute's job and an operator's run): each pledge is claimed by one.
    const second = runJobs('pledge-collection');
    const third = runJobs('campaign-settlement');
    expect(await second.exited, second.output()).toEqual({ code: 0, signal: null });
    expect(await third.exited, third.output()).toEqual({ code: 0, signal: null });

    const done = await counts(projectIds);
    expect(done.PLEDGED ?? 0).toBe(0);
    expect(done.COLLECTING ?? 0).toBe(0);
    expect((done.SUCCEEDED ?? 0) + (done.PAYMENT_FAILED ?? 0)).toBe(PLEDGES);
    expect(done.PAYMENT_FAILED).toBe(DECLINED);

    // The provider's record: one PaymentIntent per pledge (one attempt each: the resumption reused the dead
    // process's key), one per idempotency key; a key asked again got the stored answer, not a second intent.
    const donations = await db
      .selectFrom('donations')
      .select(['id', 'project_id', 'status', 'amount_cents', 'collection_attempts'])
      .where('project_id', 'in', projectIds)
      .execute();
    expect(donations.filter((row) => row.collection_attempts !== 1)).toEqual([]);
    const intents = jobs.stripe.paymentIntents;
    const donationOf = (intent: Record<string, unknown>) =>
      Number((intent.metadata as Record<string, string>).donation_id);
    const requestedKeys = new Set(intentRequests().map((request) => request.idempotencyKey));
    expect(requestedKeys.has(undefined)).toBe(false);
    expect(intents).toHaveLength(PLEDGES);
    expect(new Set(intents.map(keyOf)).size).toBe(PLEDGES);
    expect(requestedKeys.size).toBe(PLEDGES);
    expect(new Set(intents.map(donationOf)).size).toBe(PLEDGES);
    // The orphans' keys were asked again after the kill, and the answer stored then decided the pledge.
    expect(intents.length - intentsAtKill).toBe(
      (afterKill.PLEDGED ?? 0) + collecting.length - orphans.length,
    );
    const statusOf = new Map(donations.map((row) => [row.id, row.status]));
    for (const orphan of orphans) {
      const asked = intentRequests().filter((request) => request.idempotencyKey === keyOf(orphan));
      expect(asked.length).toBeGreaterThanOrEqual(2);
      expect(statusOf.get(donationOf(orphan))).toBe(
        orphan.status === 'succeeded' ? 'SUCCEEDED' : 'PAYMENT_FAILED',
      );
    }

    const succeeded = donations.filter((row) => row.status === 'SUCCEEDED');
    const byId = (x: number, y: number) => x - y;
    const charged = intents.filter((intent) => intent.status === 'succeeded').map(donationOf);
    expect(charged.sort(byId)).toEqual(succeeded.map((row) => row.id).sort(byId));
    const declined = intents.filter((intent) => intent.status !== 'succeeded').map(donationOf);
    expect(declined.sort(byId)).toEqual(
      donations
        .filter((row) => row.status === 'PAYMENT_FAILED')
        .map((row) => row.id)
        .sort(byId),
    );
    // Each campaign in its own currency, to its smallest unit: what the provider charged in it, the ledger's rows
    // in it and the campaign's counters.
    const currencyOfDonation = new Map(donations.map((row) => [row.id, currencyOf(row.project_id)]));
    for (const projectId of projectIds) {
      const currency = currencyOf(projectId);
      const own = donations.filter((row) => row.project_id === projectId);
      const collected = own.filter((row) => row.status === 'SUCCEEDED');
      const collectedUnits = collected.reduce((sum, row) => sum + row.amount_cents, 0);
      const chargedHere = intents.filter(
        (intent) => intent.status === 'succeeded' && currencyOfDonation.get(donationOf(intent)) === currency,
      );
      expect(new Set(chargedHere.map((intent) => intent.currency))).toEqual(
        new Set([currency.toLowerCase()]),
      );
      expect(chargedHere.reduce((sum, intent) => sum + Number(intent.amount), 0)).toBe(collectedUnits);

      // The ledger: one donation row per charged pledge, in the campaign's currency, the provider's money exactly.
      const money = await moneyOf(db, projectId);
      expect(money.status).toBe('SUCCESSFUL');
      expect(money.ledger).toEqual({ gross: collectedUnits, rows: collected.length });
      const ledgerDonations = await db
        .selectFrom('ledger_entries')
        .select(['currency', (eb) => eb.fn.count<number>('donation_id').distinct().as('n')])
        .where('project_id', '=', projectId)
        .where('kind', '=', 'donation')
        .groupBy('currency')
        .execute();
      expect(ledgerDonations.map((row) => [row.currency, Number(row.n)])).toEqual([
        [currency, collected.length],
      ]);
      // Declined pledges still count until they are fixed or dropped: the counters hold every live pledge.
      expect(money.counters).toEqual({
        cents: own.reduce((sum, row) => sum + row.amount_cents, 0),
        backers: own.length,
      });
    }
    expect(jobs.stripe.chargedCents()).toBe(succeeded.reduce((sum, row) => sum + row.amount_cents, 0));
  });
});
