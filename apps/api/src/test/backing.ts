import type { TestContext } from './app';

/** Pledges through the API; returns the donation id and the checkout address. */
export async function pledge(
  ctx: TestContext,
  headers: Record<string, string>,
  projectId: number,
  body: { amount: number; reward_id?: number; currency?: string },
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

export async function ledgerAgrees(ctx: TestContext, projectId: number) {
  const project = await ctx.database.db
    .selectFrom('projects')
    .select(['current_cents', 'backers_count'])
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  const ledger = await ctx.database.db
    .selectFrom('ledger_entries')
    .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>('gross_cents'), eb.val(0)).as('gross')])
    .where('project_id', '=', projectId)
    .where('kind', 'in', ['donation', 'refund'])
    .executeTakeFirstOrThrow();
  const donations = await ctx.database.db
    .selectFrom('donations')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.val(0)).as('sum'),
      eb.fn.count<number>('donor_id').distinct().as('backers'),
    ])
    .where('project_id', '=', projectId)
    .where('status', '=', 'SUCCEEDED')
    .executeTakeFirstOrThrow();
  return {
    counters: { cents: Number(project.current_cents), backers: project.backers_count },
    ledgerGross: Number(ledger.gross),
    donations: { cents: Number(donations.sum), backers: Number(donations.backers) },
  };
}
