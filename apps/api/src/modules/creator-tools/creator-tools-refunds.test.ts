import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SHIPPED_LOCALES, TOOLS_MESSAGES } from '@fundry/shared';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject, ledgerAgrees } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { inLocale } from '../../test/i18n';
import { findDonation } from '../payments/payments.repository';
import { SandboxProvider } from '../payments/sandbox.provider';
import type * as projectsRepository from '../projects/projects.repository';

/**
 * While a test sets `hold`, each read of a project first waits for what `hold` gives for its number (0, 1, …): a
 * test holds a request between two of its reads, as a busy server does, to put a race where it wants.
 */
const projectReads = vi.hoisted(() => ({
  count: 0,
  hold: null as ((read: number) => Promise<unknown> | undefined) | null,
}));
vi.mock('../projects/projects.repository', async (importOriginal) => {
  const actual = await importOriginal<typeof projectsRepository>();
  return {
    ...actual,
    findProject: async (...args: Parameters<typeof actual.findProject>) => {
      await projectReads.hold?.(projectReads.count++);
      return actual.findProject(...args);
    },
  };
});

type User = Awaited<ReturnType<typeof signedInUser>>;
type Headers = Record<string, string>;

describe.each(databaseKinds)('creator tools: refunds against the balance on %s', (kind) => {
  let ctx: TestContext;
  let creator: User;
  let admin: User;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    creator = await signedInUser(ctx, { full_name: 'Cora Creator' });
    admin = await signedInUser(ctx, { admin: true });
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });

  /** A new flexible project whose only pledge, of `amount`, is collected. */
  const onlyPledge = async (amount: number) => {
    const project = await createProjectRow(db(), {
      creatorId: creator.user.id,
      fundingModel: 'flexible',
      goal: 100,
      start: -3,
      end: 20,
    });
    const backer = await signedInUser(ctx);
    return { project, backer, id: await backProject(ctx, backer.headers, project, { amount }) };
  };
  /** Whether a pledge is recorded refunded, and under which refund of the provider. */
  const refundState = async (id: number) => {
    const donation = await findDonation(db(), id);
    return { status: donation?.status, refund_reference: donation?.refund_reference };
  };

  it("a pledge whose money was paid out answers 422 in the caller's language; nothing is refunded", async () => {
    const { project, id } = await onlyPledge(40);
    const { net_cents } = await db()
      .selectFrom('ledger_entries')
      .select('net_cents')
      .where('donation_id', '=', id)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('ledger_entries')
      .values({
        project_id: project,
        donation_id: null,
        currency: 'USD',
        kind: 'payout',
        gross_cents: -Number(net_cents),
        processing_fee_cents: 0,
        platform_fee_cents: 0,
        net_cents: -Number(net_cents),
      })
      .execute();
    const refunds = vi.spyOn(SandboxProvider.prototype, 'refund');
    const refused = await call('POST', `backers/donations/${id}/refund`, {
      ...creator.headers,
      'accept-language': 'de',
    });
    const providerCalls = refunds.mock.calls.length;
    refunds.mockRestore();
    expect([refused.statusCode, refused.json()]).toEqual([
      422,
      { error: 'UNPROCESSABLE', message: inLocale('de', 'api.tools.alreadyPaidOut') },
    ]);
    expect(providerCalls).toBe(0);
    expect(await refundState(id)).toEqual({ status: 'SUCCEEDED', refund_reference: null });
    const kinds = await db()
      .selectFrom('ledger_entries')
      .select('kind')
      .where('project_id', '=', project)
      .execute();
    expect(kinds.map((e) => e.kind).sort()).toEqual(['donation', 'payout']);
  });

  it('20 refunds at once of the only pledge of a project: one refund, 19 answer 409 already refunded', async () => {
    // The pledge is all the project holds, so a refund that lost the race and then looked at the balance would
    // find it empty and answer 422 "already paid out" (issue 50): nothing was paid out.
    const { project, backer, id } = await onlyPledge(33);
    const refunds = vi.spyOn(SandboxProvider.prototype, 'refund');
    // Half the requests run at once, all the way: those reach the provider together. The other half read the
    // pledge, then are held until the first answer (so after a refund is recorded) before they read more, as
    // requests are on a busy server: they find the pledge refunded, and the balance without its money.
    let answered: () => void = () => {};
    const firstAnswer = new Promise<void>((resolve) => (answered = resolve));
    projectReads.count = 0;
    projectReads.hold = (read) => (read % 2 === 1 ? firstAnswer : undefined);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const locale = SHIPPED_LOCALES[i % SHIPPED_LOCALES.length]!;
        const headers = { ...(i % 2 === 0 ? creator.headers : admin.headers), 'accept-language': locale };
        return call('POST', `backers/donations/${id}/refund`, headers).then((answer) => {
          answered();
          return { locale, answer };
        });
      }),
    );
    projectReads.hold = null;
    const asked = new Set(refunds.mock.calls.map(([request]) => JSON.stringify(request)));
    refunds.mockRestore();
    expect(answers.filter(({ answer }) => answer.statusCode === 200)).toHaveLength(1);
    const others = answers.filter(({ answer }) => answer.statusCode !== 200);
    expect(others.map(({ answer }) => [answer.statusCode, answer.json()])).toEqual(
      others.map(({ locale }) => [
        409,
        { error: 'CONFLICT', message: inLocale(locale, TOOLS_MESSAGES.alreadyRefunded) },
      ]),
    );
    // However many reached the provider, each asked for the same refund under the same key: one refund there.
    expect([...asked].map((request) => JSON.parse(request))).toEqual([
      expect.objectContaining({ amountCents: 3300, idempotencyKey: `refund-donation-${id}` }),
    ]);
    expect(await refundState(id)).toEqual({
      status: 'REFUNDED',
      refund_reference: `re_sandbox_refund-donation-${id}`,
    });
    const ledger = await db()
      .selectFrom('ledger_entries')
      .select(['kind', 'gross_cents'])
      .where('donation_id', '=', id)
      .orderBy('id')
      .execute();
    expect(ledger.map((e) => [e.kind, Number(e.gross_cents)])).toEqual([
      ['donation', 3300],
      ['refund', -3300],
    ]);
    const counters = await db()
      .selectFrom('projects')
      .select(['current_cents', 'backers_count'])
      .where('id', '=', project)
      .executeTakeFirstOrThrow();
    expect([Number(counters.current_cents), counters.backers_count]).toEqual([0, 0]);
    const notes = await db()
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', backer.user.id)
      .where('type', '=', 'REFUND')
      .execute();
    expect(notes).toHaveLength(1);
    const mails = await db()
      .selectFrom('mail_outbox')
      .select('id')
      .where('recipient', '=', backer.user.email)
      .where('subject', 'like', '%was refunded%')
      .execute();
    expect(mails).toHaveLength(1);
    const audits = await db()
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'donation.refund')
      .where('target_id', '=', id)
      .execute();
    expect(audits).toHaveLength(1);
    const agrees = await ledgerAgrees(ctx, project);
    expect(agrees.counters).toEqual(agrees.donations);
    expect(agrees.ledgerGross).toBe(agrees.collectedCents);
  });
});
