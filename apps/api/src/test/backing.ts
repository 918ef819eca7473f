import { LIVE_PLEDGE_STATUSES } from '@fundry/shared';
import type { DonationStatus } from '../db/schema';
import {
  backerCurrencyTotalMismatchesSql,
  backerSummaryMismatchesSql,
  backingMismatchesSql,
} from '../db/checks';
import type { TestContext } from './app';

/** Pledges through the API; returns the donation id and the checkout address. */
export async function pledge(
  ctx: TestContext,
  headers: Record<string, string>,
  projectId: number,
  body: {
    amount: number;
    reward_id?: number | null;
    currency?: string;
    shipping_address?: Record<string, string | null>;
    add_ons?: { add_on_id: number; quantity: number }[];
    /** Where the backer came from (DESIGN.md §19). */
    ref?: string | null;
    /** Pay in instalments (DESIGN.md §20). */
    pay_over_time?: boolean;
  },
) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/backers/projects/${projectId}/back`,
    headers,
    payload: { currency: 'USD', ...body },
  });
  return response;
}

/** Clicks Pay on the sandbox checkout page of a pledge. */
export async function payInSandbox(ctx: TestContext, checkoutUrl: string) {
  const path = new URL(checkoutUrl).pathname;
  // Exactly as a browser submits the page's form.
  return ctx.app.inject({
    method: 'POST',
    url: `${path}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
}

/** Stripe's test cards, as a backer types them on the sandbox checkout. */
export const TEST_CARDS = {
  good: '4242 4242 4242 4242',
  declinesLater: '4000 0000 0000 0341',
  declined: '4000 0000 0000 0002',
} as const;

/** Types a card number into the sandbox's card page (an all-or-nothing pledge, or a card change) and saves it. */
export async function saveCardInSandbox(
  ctx: TestContext,
  checkoutUrl: string,
  card: string = TEST_CARDS.good,
  /** The address the card is typed from (the IP address card testing counts). */
  remoteAddress?: string,
) {
  const path = new URL(checkoutUrl).pathname;
  return ctx.app.inject({
    method: 'POST',
    url: `${path}/card`,
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ card_number: card }).toString(),
  });
}

/** Pledges and finishes the checkout as the project's model asks: a saved card, or a payment. */
export async function backProject(
  ctx: TestContext,
  headers: Record<string, string>,
  projectId: number,
  body: Parameters<typeof pledge>[3],
  card: string = TEST_CARDS.good,
) {
  const response = await pledge(ctx, headers, projectId, body);
  if (response.statusCode !== 201) throw new Error(`pledge refused: ${response.statusCode} ${response.body}`);
  const { checkout_url, donation_id } = response.json<{
    data: { checkout_url: string; donation_id: number };
  }>().data;
  const page = await ctx.app.inject(new URL(checkout_url).pathname);
  const done = page.body.includes('name="card_number"')
    ? await saveCardInSandbox(ctx, checkout_url, card)
    : await payInSandbox(ctx, checkout_url);
  if (done.statusCode !== 303) throw new Error(`checkout not finished: ${done.statusCode}`);
  return donation_id;
}

/**
 * The money invariants of DESIGN.md §10: the counters count live pledges; the ledger holds only money that moved
 * (collected pledges, less refunds).
 */
export async function ledgerAgrees(ctx: TestContext, projectId: number) {
  const project = await ctx.database.db
    .selectFrom('projects')
    .select(['current_cents', 'backers_count', 'late_cents', 'late_backers_count'])
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  const ledger = await ctx.database.db
    .selectFrom('ledger_entries')
    .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>('gross_cents'), eb.val(0)).as('gross')])
    .where('project_id', '=', projectId)
    .where('kind', 'in', ['donation', 'refund'])
    .executeTakeFirstOrThrow();
  const sums = (statuses: readonly DonationStatus[], late?: boolean) => {
    let query = ctx.database.db
      .selectFrom('donations')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.val(0)).as('sum'),
        eb.fn.count<number>('donor_id').distinct().as('backers'),
      ])
      .where('project_id', '=', projectId)
      .where('status', 'in', statuses);
    if (late !== undefined) query = query.where('late', '=', late);
    return query.executeTakeFirstOrThrow();
  };
  const live = await sums(LIVE_PLEDGE_STATUSES, false);
  const late = await sums(LIVE_PLEDGE_STATUSES, true);
  const collected = await sums(['SUCCEEDED']);
  // A running plan of instalments (DESIGN.md §20) has collected its paid instalments so far.
  const running = await ctx.database.db
    .selectFrom('pledge_instalments as i')
    .innerJoin('donations as d', 'd.id', 'i.donation_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('i.amount_cents'), eb.val(0)).as('sum'))
    .where('d.project_id', '=', projectId)
    .where('d.status', '=', 'COLLECTING')
    .where('i.status', '=', 'paid')
    .executeTakeFirstOrThrow();
  return {
    counters: { cents: Number(project.current_cents), backers: project.backers_count },
    ledgerGross: Number(ledger.gross),
    /** Live pledges: what the counters must show. */
    donations: { cents: Number(live.sum), backers: Number(live.backers) },
    /** Charged pledges, and the instalments paid of running plans: what the ledger must hold. */
    collectedCents: Number(collected.sum) + Number(running.sum),
    /** Late pledges (DESIGN.md §16): the late counters, and what the late pledges hold. */
    lateCounters: { cents: Number(project.late_cents), backers: project.late_backers_count },
    lateDonations: { cents: Number(late.sum), backers: Number(late.backers) },
  };
}

/**
 * Backers whose summary row (migration 0018) or totals per currency (migration 0061) differ from their `backings`
 * rows: none, whatever was written.
 */
export async function backerSummaryMismatches(ctx: TestContext): Promise<number[]> {
  const [summaries, totals] = await Promise.all([
    backerSummaryMismatchesSql.execute(ctx.database.db),
    backerCurrencyTotalMismatchesSql.execute(ctx.database.db),
  ]);
  return [...new Set([...summaries.rows, ...totals.rows].map((row) => row.donor_id))];
}

/** Backings that differ from a recount of their donations: none, whatever was written. */
export async function backingMismatches(ctx: TestContext) {
  const { rows } = await backingMismatchesSql.execute(ctx.database.db);
  return rows;
}
