import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADD_ON_MESSAGES, CURRENCY_DECIMALS_MESSAGE, REWARD_MESSAGES, todayUtc } from '@fundry/shared';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject, ledgerAgrees, pledge } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { inEnglish } from '../../test/i18n';
import { multipart } from '../../test/multipart';
import { insertReward } from '../rewards/rewards.repository';

type User = Awaited<ReturnType<typeof signedInUser>>;
const DAY = 86_400_000;
const address = {
  name: 'Bea Backer',
  line1: '1 Kettle Lane',
  line2: null,
  city: 'Portland',
  region: 'OR',
  postal_code: '97201',
  country: 'US',
};

describe.each(databaseKinds)('add-ons on %s', (kind) => {
  let ctx: TestContext;
  let now = Date.now();
  let creator: User;
  let admin: User;

  beforeAll(async () => {
    ctx = await createTestApp(kind, { CURRENCIES: 'USD,JPY' }, undefined, { clock: () => new Date(now) });
    creator = await signedInUser(ctx, { full_name: 'Cora Creator' });
    admin = await signedInUser(ctx, { admin: true });
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const message = (response: { json(): { message: string } }) => response.json().message;
  const addOns = (projectId: number) => `/api/v1/projects/${projectId}/add-ons`;
  const send = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const addOnRow = (id: number) =>
    db().selectFrom('add_ons').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const stock = async (id: number) => {
    const row = await addOnRow(id);
    return { claimed: row.quantity_claimed, reserved: row.quantity_reserved };
  };

  /** A campaign running now, with a reward that ships, a mug (shipped, 10 left) and a digital soundtrack. */
  async function campaign() {
    now = Date.now();
    const projectId = await createProjectRow(db(), {
      creatorId: creator.user.id,
      goal: 100,
      start: -2,
      end: 10,
    });
    const game = await insertReward(db(), {
      project_id: projectId,
      title: 'The game',
      description: 'The board game, shipped',
      minimum_cents: 4000,
      quantity_available: null,
      estimated_delivery_date: todayUtc(new Date(now + 60 * DAY)),
      shipping_type: 'international',
      shipping_rules: JSON.stringify([{ country: 'US', cost_cents: 500 }]),
    });
    const create = async (body: object) => {
      const response = await send('POST', addOns(projectId), creator.headers, body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as { id: number };
    };
    const mug = await create({
      title: 'Mug',
      price: 12,
      quantity_available: 10,
      available_with: [game.id],
      shipping_rules: [{ country: 'US', cost: 2 }],
    });
    const soundtrack = await create({ title: 'Soundtrack', description: 'Download', price: 5 });
    return { projectId, game, mug, soundtrack };
  }

  it('lets the creator and admins manage add-ons, lists them publicly, and refuses everyone else', async () => {
    const { projectId, game, mug } = await campaign();
    const body = { title: 'Dice set', price: 8.5, quantity_available: 50 };
    const stranger = await signedInUser(ctx);
    const backer = await signedInUser(ctx);
    await backProject(ctx, backer.headers, projectId, { amount: 10 });

    expect((await send('POST', addOns(projectId), {}, body)).statusCode).toBe(401);
    expect((await send('POST', addOns(projectId), stranger.headers, body)).statusCode).toBe(403);
    expect((await send('POST', addOns(projectId), backer.headers, body)).statusCode).toBe(403);
    const made = await send('POST', addOns(projectId), creator.headers, body);
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({ title: 'Dice set', price: 8.5, currency: 'USD', remaining: 50 });
    const byAdmin = await send('PUT', `${addOns(projectId)}/${made.json().data.id}`, admin.headers, {
      ...body,
      price: 9,
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().data.price).toBe(9);
    const id = made.json().data.id as number;
    expect((await send('PUT', `${addOns(projectId)}/${id}`, stranger.headers, body)).statusCode).toBe(403);
    expect((await send('DELETE', `${addOns(projectId)}/${id}`, backer.headers)).statusCode).toBe(403);
    expect((await send('DELETE', `${addOns(projectId)}/${id}`, {})).statusCode).toBe(401);

    const listed = await ctx.app.inject({ method: 'GET', url: addOns(projectId) });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((addOn: { title: string }) => addOn.title)).toEqual([
      'Soundtrack',
      'Dice set',
      'Mug',
    ]);
    expect(listed.json().data.find((addOn: { id: number }) => addOn.id === mug.id)).toMatchObject({
      available_with: [game.id],
      shipping_rules: [{ country: 'US', cost: 2, currency: 'USD' }],
      quantity_available: 10,
      quantity_claimed: 0,
    });
    expect((await send('DELETE', `${addOns(projectId)}/${id}`, creator.headers)).statusCode).toBe(200);
    expect((await send('DELETE', `${addOns(projectId)}/${id}`, creator.headers)).statusCode).toBe(404);
  });

  it('takes a picture from the creator or an admin, checked by its bytes, re-encoded, shown and cleared', async () => {
    const { projectId, mug } = await campaign();
    const image = `${addOns(projectId)}/${mug.id}/image`;
    const upload = (headers: Record<string, string>, bytes: Buffer, filename = 'mug.png') => {
      const form = multipart({}, [{ field: 'image', filename, contentType: 'image/png', bytes }]);
      return ctx.app.inject({
        method: 'PUT',
        url: image,
        headers: { ...headers, ...form.headers },
        payload: form.payload,
      });
    };
    const png = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 90, b: 40 } },
    })
      .png()
      .toBuffer();
    const stranger = await signedInUser(ctx);
    const backer = await signedInUser(ctx);
    await backProject(ctx, backer.headers, projectId, { amount: 10, add_ons: [] });

    expect((await ctx.app.inject({ method: 'PUT', url: image })).statusCode).toBe(401);
    for (const who of [stranger, backer]) {
      const refused = await upload(who.headers, png);
      expect(refused.statusCode).toBe(403);
      expect(message(refused)).toBe(inEnglish('api.addOns.onlyCreator'));
      expect((await send('DELETE', image, who.headers)).statusCode).toBe(403);
    }
    // A text file called .png is refused by its bytes.
    const fake = await upload(creator.headers, Buffer.from('just text, not a picture'));
    expect(fake.statusCode).toBe(400);
    expect(message(fake)).toBe(inEnglish(ADD_ON_MESSAGES.imageType));
    // A PNG header over bytes that do not decode.
    const broken = await upload(creator.headers, Buffer.concat([png.subarray(0, 64), Buffer.alloc(64, 7)]));
    expect(broken.statusCode).toBe(400);
    expect(message(broken)).toBe(inEnglish(ADD_ON_MESSAGES.imageType));
    const empty = await upload(creator.headers, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const huge = await upload(creator.headers, Buffer.alloc(6 * 1024 * 1024, 1));
    expect(huge.statusCode).toBe(413);
    expect(message(huge)).toBe(inEnglish(ADD_ON_MESSAGES.imageSize));
    expect((await addOnRow(mug.id)).image_url).toBeNull();

    const saved = await upload(creator.headers, png);
    expect(saved.statusCode, saved.body).toBe(200);
    const first = saved.json().data.image_url as string;
    expect(first).toMatch(/^\/uploads\/add-ons\/[\w-]+\.webp$/);
    const served = await ctx.app.inject(first);
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 427]);
    const listed = (await ctx.app.inject(addOns(projectId))).json().data;
    expect(listed.find((a: { id: number }) => a.id === mug.id).image_url).toBe(first);

    // An admin replaces it: the old file goes.
    const replaced = await upload(admin.headers, png, 'other.gif');
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data.image_url).not.toBe(first);
    expect((await ctx.app.inject(first)).statusCode).toBe(404);
    // Another project's path does not reach it.
    const other = await createProjectRow(db(), { creatorId: creator.user.id, start: -1, end: 10 });
    expect((await send('DELETE', `${addOns(other)}/${mug.id}/image`, creator.headers)).statusCode).toBe(404);

    const cleared = await send('DELETE', image, creator.headers);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.image_url).toBeNull();
    expect((await ctx.app.inject(replaced.json().data.image_url)).statusCode).toBe(404);
  });

  it('refuses a price its currency cannot hold, another project’s reward and another currency', async () => {
    const yen = await createProjectRow(db(), { creatorId: creator.user.id, currency: 'JPY', goal: 100_000 });
    const other = await campaign();
    const post = (body: object) => send('POST', addOns(yen), creator.headers, { title: 'Tote', ...body });
    expect(message(await post({ price: 1200.5 }))).toBe(
      inEnglish(CURRENCY_DECIMALS_MESSAGE, { currency: 'JPY', decimals: 0 }),
    );
    expect(message(await post({ price: 50 }))).toBe(
      inEnglish(ADD_ON_MESSAGES.priceTooLow, { MIN_PLEDGE_DOLLARS: 100, PLEDGE_CURRENCY: 'JPY' }),
    );
    expect(message(await post({ price: 1200, available_with: [other.game.id] }))).toBe(
      inEnglish(ADD_ON_MESSAGES.unknownReward),
    );
    expect(message(await post({ price: 1200, currency: 'USD' }))).toBe(
      inEnglish(REWARD_MESSAGES.currency, { PLEDGE_CURRENCY: 'JPY' }),
    );
    expect((await post({ price: 1200 })).json().data).toMatchObject({ price: 1200, currency: 'JPY' });
  });

  it('prices a pledge with add-ons: the reward, each item and all shipping, with the add-ons’ rules', async () => {
    const { projectId, game, mug, soundtrack } = await campaign();
    const backer = await signedInUser(ctx);
    const back = (body: object) => pledge(ctx, backer.headers, projectId, body as { amount: number });
    // 40 + 5 shipping + 2 mugs × (12 + 2 shipping) + 5 = 78.
    const full = { reward_id: game.id, shipping_address: address };
    const lines = [
      { add_on_id: mug.id, quantity: 2 },
      { add_on_id: soundtrack.id, quantity: 1 },
    ];
    const below = await back({ ...full, amount: 77.99, add_ons: lines });
    expect([below.statusCode, message(below)]).toEqual([
      422,
      inEnglish(ADD_ON_MESSAGES.belowTotal, { minimum: 78, currency: 'USD' }),
    ]);
    const withoutReward = await back({
      amount: 100,
      add_ons: [{ add_on_id: mug.id, quantity: 1 }],
      shipping_address: address,
    });
    expect([withoutReward.statusCode, message(withoutReward)]).toEqual([
      400,
      inEnglish(ADD_ON_MESSAGES.notWithReward, { title: 'Mug' }),
    ]);
    const tooMany = await back({ ...full, amount: 500, add_ons: [{ add_on_id: mug.id, quantity: 11 }] });
    expect(tooMany.statusCode).toBe(400);
    const twice = await back({ ...full, amount: 500, add_ons: [lines[0], lines[0]] });
    expect(twice.statusCode).toBe(400);
    const elsewhere = await campaign();
    expect(
      (await back({ ...full, amount: 500, add_ons: [{ add_on_id: elsewhere.mug.id, quantity: 1 }] }))
        .statusCode,
    ).toBe(404);
    const noAddress = await back({ amount: 20, add_ons: [{ add_on_id: soundtrack.id, quantity: 2 }] });
    expect(noAddress.statusCode).toBe(201);
    expect(await stock(soundtrack.id)).toEqual({ claimed: 0, reserved: 2 });
    // A new checkout replaces the open one: the reservations follow.
    const donationId = await backProject(ctx, backer.headers, projectId, {
      ...full,
      amount: 78,
      add_ons: lines,
    });
    expect(await stock(mug.id)).toEqual({ claimed: 2, reserved: 0 });
    expect(await stock(soundtrack.id)).toEqual({ claimed: 1, reserved: 0 });
    const view = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/backers/donations/${donationId}`,
      headers: backer.headers,
    });
    expect(view.json().data).toMatchObject({
      amount: 78,
      shipping_amount: 9,
      add_ons: [
        { add_on_id: soundtrack.id, title: 'Soundtrack', quantity: 1, price: 5, currency: 'USD' },
        { add_on_id: mug.id, title: 'Mug', quantity: 2, price: 12, currency: 'USD' },
      ],
    });
    // An add-on a pledge holds stays on its receipts.
    expect((await send('DELETE', `${addOns(projectId)}/${mug.id}`, creator.headers)).statusCode).toBe(409);
  });

  it('changes and cancels add-ons in Manage pledge, giving stock back, and never oversells one', async () => {
    const { projectId, game, mug } = await campaign();
    const backers = await Promise.all(Array.from({ length: 3 }, () => signedInUser(ctx)));
    const full = (quantity: number) => ({
      amount: 40 + 5 + quantity * 14,
      reward_id: game.id,
      shipping_address: address,
      add_ons: [{ add_on_id: mug.id, quantity }],
    });
    const [first, second, third] = backers as [User, User, User];
    const oneId = await backProject(ctx, first.headers, projectId, full(4));
    await backProject(ctx, second.headers, projectId, full(4));
    expect(await stock(mug.id)).toEqual({ claimed: 8, reserved: 0 });
    const soldOut = await pledge(ctx, third.headers, projectId, full(3));
    expect([soldOut.statusCode, message(soldOut)]).toEqual([
      409,
      inEnglish(ADD_ON_MESSAGES.soldOut, { title: 'Mug' }),
    ]);
    expect(await stock(mug.id)).toEqual({ claimed: 8, reserved: 0 });

    const change = (quantity: number) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/backers/donations/${oneId}`,
        headers: first.headers,
        payload: full(quantity),
      });
    const more = await change(7);
    expect([more.statusCode, message(more)]).toEqual([
      409,
      inEnglish(ADD_ON_MESSAGES.soldOut, { title: 'Mug' }),
    ]);
    expect(await stock(mug.id)).toEqual({ claimed: 8, reserved: 0 });
    expect((await change(6)).statusCode).toBe(200);
    expect(await stock(mug.id)).toEqual({ claimed: 10, reserved: 0 });
    const fewer = await change(1);
    expect(fewer.json().data).toMatchObject({ amount: 59, add_ons: [{ add_on_id: mug.id, quantity: 1 }] });
    expect(await stock(mug.id)).toEqual({ claimed: 5, reserved: 0 });
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/backers/donations/${oneId}/cancel`,
      headers: first.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect(await stock(mug.id)).toEqual({ claimed: 4, reserved: 0 });
    const counted = await ledgerAgrees(ctx, projectId);
    expect(counted.counters).toEqual(counted.donations);
  });

  it('gives an abandoned checkout’s add-ons back when it expires', async () => {
    const { projectId, soundtrack, mug, game } = await campaign();
    const backer = await signedInUser(ctx);
    const open = await pledge(ctx, backer.headers, projectId, {
      amount: 100,
      reward_id: game.id,
      shipping_address: address,
      add_ons: [
        { add_on_id: mug.id, quantity: 3 },
        { add_on_id: soundtrack.id, quantity: 1 },
      ],
    });
    expect(open.statusCode).toBe(201);
    expect(await stock(mug.id)).toEqual({ claimed: 0, reserved: 3 });
    now += 36 * 60_000;
    await ctx.app.services.payments.expireStale();
    expect(await stock(mug.id)).toEqual({ claimed: 0, reserved: 0 });
    expect(await stock(soundtrack.id)).toEqual({ claimed: 0, reserved: 0 });
  });

  it('lets 50 backers race for the last 10 of an add-on: 10 get one, nobody more', async () => {
    const { projectId } = await campaign();
    const made = await send('POST', addOns(projectId), creator.headers, {
      title: 'Signed print',
      price: 15,
      quantity_available: 10,
    });
    const print = made.json().data.id as number;
    const backers: User[] = [];
    for (let i = 0; i < 50; i++) backers.push(await signedInUser(ctx));
    const answers = await Promise.all(
      backers.map((backer) =>
        pledge(ctx, backer.headers, projectId, { amount: 20, add_ons: [{ add_on_id: print, quantity: 1 }] }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    expect(await stock(print)).toEqual({ claimed: 0, reserved: 10 });
    const listed = await ctx.app.inject({ method: 'GET', url: addOns(projectId) });
    expect(listed.json().data.find((addOn: { id: number }) => addOn.id === print)).toMatchObject({
      remaining: 0,
      is_available: false,
    });
  }, 120_000);

  it('collects a pledge with add-ons once, for its whole amount, with its ledger row', async () => {
    const { projectId, game, mug, soundtrack } = await campaign();
    const backer = await signedInUser(ctx);
    const donationId = await backProject(ctx, backer.headers, projectId, {
      amount: 120,
      reward_id: game.id,
      shipping_address: address,
      add_ons: [
        { add_on_id: mug.id, quantity: 2 },
        { add_on_id: soundtrack.id, quantity: 1 },
      ],
    });
    now = Date.now() + 11 * DAY;
    await ctx.app.services.projectLifecycle.settle();
    // Two collectors race (other tests' campaigns end too): this pledge is charged once, whoever takes it.
    await Promise.all([ctx.app.services.collection.collect(), ctx.app.services.collection.collect()]);
    const ledger = await db()
      .selectFrom('ledger_entries')
      .select(['donation_id', 'kind', 'gross_cents', 'currency'])
      .where('project_id', '=', projectId)
      .execute();
    expect(ledger).toEqual([
      { donation_id: donationId, kind: 'donation', gross_cents: 12_000, currency: 'USD' },
    ]);
    expect(await stock(mug.id)).toEqual({ claimed: 2, reserved: 0 });
    const receipt = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/backers/donations/${donationId}`,
      headers: backer.headers,
    });
    expect(receipt.json().data).toMatchObject({
      status: 'SUCCEEDED',
      amount: 120,
      add_ons: [{}, { quantity: 2 }],
    });
  });

  it('frees the add-ons of a campaign that ends short of its goal', async () => {
    const { projectId, game, mug } = await campaign();
    const backer = await signedInUser(ctx);
    await backProject(ctx, backer.headers, projectId, {
      amount: 60,
      reward_id: game.id,
      shipping_address: address,
      add_ons: [{ add_on_id: mug.id, quantity: 1 }],
    });
    expect(await stock(mug.id)).toEqual({ claimed: 1, reserved: 0 });
    now = Date.now() + 11 * DAY;
    await ctx.app.services.projectLifecycle.settle();
    const project = await db()
      .selectFrom('projects')
      .select('status')
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(project.status).toBe('FAILED');
    expect(await stock(mug.id)).toEqual({ claimed: 0, reserved: 0 });
  });
});
