import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectRow } from '../../db/seed/factories';
import { backProject, ledgerAgrees } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { DAY, openSurveys, type Surveys } from './surveys.fixtures';

/** The add-ons a backer buys in the survey: charged to the saved card, or not offered without one. */
describe.each(databaseKinds)('backer survey on %s', (kind) => {
  let now = Date.now();
  let { ctx, creator, stranger, ben, eva, db, call, campaign, collect } = {} as Surveys;

  beforeAll(async () => {
    ({ ctx, creator, stranger, ben, eva, db, call, campaign, collect } = await openSurveys(kind, {
      now: () => now,
      set: (ms) => (now = ms),
    }));
  });
  afterAll(() => ctx.close());

  it('charges add-ons bought in the survey with the saved card; a declined card saves the answers and adds nothing', async () => {
    const c = await campaign();
    const url = `/projects/${c.projectId}/survey`;
    await call('PUT', url, creator.headers, {
      questions: [{ kind: 'text', prompt: 'Nickname?', required: false }],
    });
    await collect();
    expect((await call('POST', `${url}/send`, creator.headers)).statusCode).toBe(200);
    const before = await ledgerAgrees(ctx, c.projectId);

    const offer = await call('GET', `/backers/donations/${c.evaPledge}/survey`, eva.headers);
    // The mug (2 left of 3, comes with the game) and the sticker.
    expect(
      offer
        .json()
        .data.add_ons.map((a: { title: string; max_quantity: number }) => [a.title, a.max_quantity]),
    ).toEqual([
      ['Sticker', 10],
      ['Mug', 2],
    ]);
    // Ben has no reward: the mug is not for him; more than there is: 409, nothing taken.
    expect(
      (
        await call('PUT', `/backers/donations/${c.benPledge}/survey`, ben.headers, {
          answers: [],
          add_ons: [{ add_on_id: c.mug, quantity: 1 }],
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call('PUT', `/backers/donations/${c.evaPledge}/survey`, eva.headers, {
          answers: [],
          add_ons: [{ add_on_id: c.mug, quantity: 3 }],
        })
      ).statusCode,
    ).toBe(409);

    const bought = await call('PUT', `/backers/donations/${c.evaPledge}/survey`, eva.headers, {
      answers: [{ question_id: offer.json().data.questions[0].id, value: 'Evi' }],
      add_ons: [{ add_on_id: c.mug, quantity: 2 }],
    });
    expect(bought.statusCode, bought.body).toBe(200);
    // Two mugs at 12 and their shipping at 2 each.
    expect(bought.json().add_on_charge).toEqual({ status: 'succeeded', amount: 28, currency: 'USD' });
    const eva$ = await db()
      .selectFrom('donations')
      .select(['amount_cents', 'has_add_ons'])
      .where('id', '=', c.evaPledge)
      .executeTakeFirstOrThrow();
    expect(Number(eva$.amount_cents)).toBe(4500 + 2800);
    expect(eva$.has_add_ons).toBe(true);
    const mugRow = await db()
      .selectFrom('add_ons')
      .select(['quantity_claimed', 'quantity_reserved'])
      .where('id', '=', c.mug)
      .executeTakeFirstOrThrow();
    expect(mugRow).toEqual({ quantity_claimed: 3, quantity_reserved: 0 });
    const after = await ledgerAgrees(ctx, c.projectId);
    expect(after.ledgerGross).toBe(before.ledgerGross + 2800);
    expect(after.ledgerGross).toBe(after.collectedCents);
    expect(after.counters.cents).toBe(after.donations.cents);
    const surveyRow = await db()
      .selectFrom('ledger_entries')
      .select(['gross_cents', 'survey_charge_id'])
      .where('donation_id', '=', c.evaPledge)
      .where('survey_charge_id', 'is not', null)
      .execute();
    expect(surveyRow).toHaveLength(1);
    expect(Number(surveyRow[0]?.gross_cents)).toBe(2800);
    // Sold out now: no more offered.
    const again = await call('GET', `/backers/donations/${c.evaPledge}/survey`, eva.headers);
    expect(again.json().data.add_ons.map((a: { title: string }) => a.title)).toEqual(['Sticker']);

    // Ben's saved card has since stopped working (the test card that declines every later charge).
    await db()
      .updateTable('donations')
      .set({ payment_method: 'pm_sandbox_0341_expired' })
      .where('id', '=', c.benPledge)
      .execute();
    const declined = await call('PUT', `/backers/donations/${c.benPledge}/survey`, ben.headers, {
      answers: [{ question_id: offer.json().data.questions[0].id, value: 'Benno' }],
      add_ons: [{ add_on_id: c.sticker, quantity: 2 }],
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().add_on_charge).toEqual({ status: 'declined', amount: 6, currency: 'USD' });
    expect(declined.json().message).toBe(
      'Your answers are saved, but the payment for the add-ons did not go through, so they were not added. Your card was declined.',
    );
    expect(declined.json().data.answers).toEqual([
      { question_id: offer.json().data.questions[0].id, value: 'Benno' },
    ]);
    const sticker = await db()
      .selectFrom('add_ons')
      .select(['quantity_claimed'])
      .where('id', '=', c.sticker)
      .executeTakeFirstOrThrow();
    expect(sticker.quantity_claimed).toBe(0);
    const ben$ = await db()
      .selectFrom('donations')
      .select(['amount_cents', 'has_add_ons'])
      .where('id', '=', c.benPledge)
      .executeTakeFirstOrThrow();
    expect(ben$).toEqual({ amount_cents: 1000, has_add_ons: false });
    expect((await ledgerAgrees(ctx, c.projectId)).ledgerGross).toBe(after.ledgerGross);
  });

  it('treats an ended flexible campaign as collected, and offers no add-ons without a saved card', async () => {
    now = Date.now();
    const projectId = await createProjectRow(db(), {
      creatorId: creator.user.id,
      goal: 10,
      start: -3,
      end: 2,
      fundingModel: 'flexible',
    });
    const sticker = (
      await call('POST', `/projects/${projectId}/add-ons`, creator.headers, { title: 'Pin', price: 2 })
    ).json().data.id as number;
    const donation = await backProject(ctx, stranger.headers, projectId, { amount: 20 });
    const url = `/projects/${projectId}/survey`;
    await call('PUT', url, creator.headers, {
      questions: [{ kind: 'text', prompt: 'Name on the wall?', required: true }],
    });
    expect((await call('POST', `${url}/send`, creator.headers)).statusCode).toBe(409);
    now = Date.now() + 4 * DAY;
    await ctx.app.services.projectLifecycle.settle();
    expect((await call('POST', `${url}/send`, creator.headers)).statusCode).toBe(200);
    const view = await call('GET', `/backers/donations/${donation}/survey`, stranger.headers);
    expect(view.json().data).toMatchObject({ can_buy_add_ons: false, add_ons: [], needs_address: false });
    const question = view.json().data.questions[0].id as number;
    const refused = await call('PUT', `/backers/donations/${donation}/survey`, stranger.headers, {
      answers: [{ question_id: question, value: 'Sid' }],
      add_ons: [{ add_on_id: sticker, quantity: 1 }],
    });
    expect(refused.statusCode).toBe(422);
  });
});
