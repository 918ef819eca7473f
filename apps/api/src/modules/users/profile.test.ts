import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  MS_PER_DAY,
  PROFILE_PHOTO_MESSAGES,
  todayUtc,
  type UserProfile,
} from '@fundry/shared';
import { seedPaidPledge, seedPledge } from '../../db/seed/backing';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject, backerSummaryMismatches } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { multipart } from '../../test/multipart';
import { inEnglish } from '../../test/i18n';
import { insertReward } from '../rewards/rewards.repository';

const png = (width = 600, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: { r: 12, g: 166, b: 120 } } })
    .png()
    .toBuffer();

describe.each(databaseKinds)('profile on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx.close());

  const put = (headers: Record<string, string>, body: ReturnType<typeof multipart>) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/profile/',
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });

  it('returns my profile with stats and without secrets', async () => {
    const { user, headers } = await signedInUser(ctx, { location: 'Lisbon' });
    const response = await ctx.app.inject({ url: '/api/v1/profile/', headers });
    expect(response.statusCode).toBe(200);
    const profile = response.json<{ data: { user: UserProfile } }>().data.user;
    expect(profile).toMatchObject({
      id: user.id,
      email: user.email,
      location: 'Lisbon',
      roles: ['User'],
      projects_created_count: 0,
      backed_projects_count: 0,
      total_donations: 0,
      total_raised: 0,
      currency: 'USD',
      approximate: false,
    });
    expect(Object.keys(profile)).not.toContain('password_hash');
  });

  it("counts a backer's total backed and a creator's total raised in the base currency", async () => {
    const db = ctx.database.db;
    const creator = await signedInUser(ctx);
    const backer = await signedInUser(ctx);
    const dollars = await createProjectRow(db, { creatorId: creator.user.id, goal: 500 });
    // €100 at 1.04 is $104; ¥20,000 at 0.0066 is $132 (the yen has no minor unit below itself).
    const euros = await createProjectRow(db, {
      creatorId: creator.user.id,
      currency: 'EUR',
      baseRate: '1.04',
    });
    const yen = await createProjectRow(db, {
      creatorId: creator.user.id,
      currency: 'JPY',
      baseRate: '0.0066',
      goal: 3_000_000,
    });
    const profile = async (headers: Record<string, string>) =>
      (await ctx.app.inject({ url: '/api/v1/profile/', headers })).json<{ data: { user: UserProfile } }>()
        .data.user;

    await seedPaidPledge(db, dollars, backer.user.id, 5_000);
    expect(await profile(backer.headers)).toMatchObject({
      total_donations: 50,
      currency: 'USD',
      approximate: false,
    });

    await seedPaidPledge(db, euros, backer.user.id, 10_000);
    await seedPaidPledge(db, yen, backer.user.id, 20_000);
    expect(await profile(backer.headers)).toMatchObject({
      backed_projects_count: 3,
      total_donations: 286,
      currency: 'USD',
      approximate: true,
    });
    const publicProfile = await ctx.app.inject(`/api/v1/profile/${backer.user.id}`);
    expect(publicProfile.json().data.user).toMatchObject({ total_donations: 286, approximate: true });
    expect(await profile(creator.headers)).toMatchObject({ total_raised: 286, approximate: true });
    // Backed Projects sums the same pledges the same way.
    const backed = await ctx.app.inject({
      url: '/api/v1/backers/me/backed-projects',
      headers: backer.headers,
    });
    expect(backed.json().meta).toMatchObject({ total_amount: 286, currency: 'USD', approximate: true });
  });

  it("keeps a backer's total as pledges come and go and a project's rate arrives", async () => {
    const db = ctx.database.db;
    const creator = await signedInUser(ctx);
    const backer = await signedInUser(ctx);
    const other = await signedInUser(ctx);
    const dollars = await createProjectRow(db, { creatorId: creator.user.id, goal: 500 });
    // A pound project with no rate yet: its pledges are left out of the total, which is approximate meanwhile.
    const pounds = await createProjectRow(db, {
      creatorId: creator.user.id,
      currency: 'GBP',
      baseRate: null,
    });
    const backed = async () =>
      (await ctx.app.inject({ url: '/api/v1/backers/me/backed-projects', headers: backer.headers })).json<{
        meta: { total_amount: number; approximate: boolean };
      }>().meta;

    await seedPaidPledge(db, dollars, backer.user.id, 5_000);
    await seedPaidPledge(db, dollars, backer.user.id, 2_550);
    await seedPaidPledge(db, pounds, backer.user.id, 10_000);
    await seedPaidPledge(db, pounds, other.user.id, 4_000);
    expect(await backed()).toMatchObject({ total_amount: 75.5, approximate: true });

    // The rate arrives: every backing of the project moves to it, the backer's £100 counts at 1.25.
    await db.updateTable('projects').set({ base_rate: '1.25' }).where('id', '=', pounds).execute();
    expect(await backed()).toMatchObject({ total_amount: 200.5, approximate: true });

    // A refunded pledge leaves the live total; the project stays in the list at what is left.
    await db
      .updateTable('donations')
      .set({ status: 'REFUNDED' })
      .where('donor_id', '=', backer.user.id)
      .where('project_id', '=', dollars)
      .where('amount_cents', '=', 2_550)
      .execute();
    expect(await backed()).toMatchObject({ total_amount: 175, approximate: true });
    expect(await backerSummaryMismatches(ctx)).toEqual([]);

    // A backing that goes (its only pledge deleted) takes its money out of the backer's totals.
    await seedPledge(db, {
      projectId: dollars,
      donorId: other.user.id,
      cents: 1_000,
      rewardId: null,
      fundingModel: 'all_or_nothing',
      status: 'PLEDGED',
    });
    await db
      .deleteFrom('donations')
      .where('donor_id', '=', other.user.id)
      .where('project_id', '=', dollars)
      .execute();
    const otherTotals = await db
      .selectFrom('backer_currency_totals')
      .select(['currency', 'total_cents'])
      .where('donor_id', '=', other.user.id)
      .where('total_cents', '<>', 0)
      .execute();
    expect(otherTotals).toEqual([{ currency: 'GBP', total_cents: 4_000 }]);
    expect(await backerSummaryMismatches(ctx)).toEqual([]);
  });

  it('updates text fields and a photo, re-encoded and served from /uploads/', async () => {
    const { headers } = await signedInUser(ctx);
    const response = await put(
      headers,
      multipart(
        {
          full_name: 'Grace Hopper',
          email: 'grace-' + kind + '@example.test',
          location: 'Arlington',
          bio: 'Compilers.',
          website: 'https://grace.example',
          twitter: '@grace',
        },
        [{ field: 'profile_image', filename: 'me.png', contentType: 'image/png', bytes: await png() }],
      ),
    );
    expect(response.statusCode).toBe(200);
    const profile = response.json<{ data: { user: UserProfile } }>().data.user;
    expect(profile).toMatchObject({
      full_name: 'Grace Hopper',
      twitter: 'grace',
      website: 'https://grace.example',
    });
    expect(profile.profile_image).toMatch(/^\/uploads\/avatars\/[\w-]+\.webp$/);
    const served = await ctx.app.inject(profile.profile_image!);
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 400]);
  });

  it('refuses a text file renamed to .jpg, a photo over 5 MB, and missing or invalid fields', async () => {
    const { user, headers } = await signedInUser(ctx);
    const base = { full_name: user.full_name, email: user.email };
    const fake = await put(
      headers,
      multipart(base, [
        {
          field: 'profile_image',
          filename: 'me.jpg',
          contentType: 'image/jpeg',
          bytes: Buffer.from('just text, not a picture'),
        },
      ]),
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe(inEnglish(PROFILE_PHOTO_MESSAGES.type));

    const huge = await put(
      headers,
      multipart(base, [
        {
          field: 'profile_image',
          filename: 'big.png',
          contentType: 'image/png',
          bytes: Buffer.alloc(6 * 1024 * 1024, 1),
        },
      ]),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(inEnglish(PROFILE_PHOTO_MESSAGES.size));

    const noName = await put(headers, multipart({ full_name: '', email: user.email }));
    expect(noName.statusCode).toBe(400);
    expect(noName.json().details.full_name).toEqual(['Full name is required']);
    const badSite = await put(headers, multipart({ ...base, website: 'not a url' }));
    expect(badSite.statusCode).toBe(400);
    expect(badSite.json().details).toHaveProperty('website');
    // As JSON, the profile takes the language menu's choice alone (DESIGN.md §14): the form is multipart.
    const json = await ctx.app.inject({ method: 'PUT', url: '/api/v1/profile/', payload: base, headers });
    expect(json.statusCode).toBe(400);
    expect(json.json().details).toMatchObject({
      locale: [expect.any(String)],
      _: ['Unknown field: full_name and email'],
    });
  });

  it('shows a public profile without private fields', async () => {
    const { user } = await signedInUser(ctx, { bio: 'I build things.' });
    const response = await ctx.app.inject(`/api/v1/profile/${user.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: { user: Record<string, unknown> } }>();
    expect(body.data.user).toMatchObject({ id: user.id, bio: 'I build things.' });
    expect(body.data.user).not.toHaveProperty('email');
    expect(body.data.user).not.toHaveProperty('roles');
    expect(response.body).not.toContain(user.email);
    expect((await ctx.app.inject('/api/v1/profile/99999999')).statusCode).toBe(404);
  });

  it('deletes an account: anonymised, signed out everywhere, unable to sign in', async () => {
    const { user, tokens, headers } = await signedInUser(ctx);
    const response = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/profile/', headers });
    expect(response.json()).toEqual({ message: inEnglish(AUTH_MESSAGES.accountDeleted) });
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: {},
      headers: { authorization: `Bearer ${tokens.refresh_token}` },
    });
    expect(refresh.statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/v1/profile/', headers })).statusCode).toBe(404);
    expect((await ctx.app.inject(`/api/v1/profile/${user.id}`)).statusCode).toBe(404);
    const row = await ctx.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect([row.email, row.username, row.full_name, row.password_hash]).toEqual(['', '', '', null]);
  });

  it('keeps no name of a closed account, in any language: its comments’ author is "" and its campaigns close without a written reason', async () => {
    const creator = await signedInUser(ctx);
    const backer = await signedInUser(ctx);
    const projectId = await createProjectRow(ctx.database.db, { creatorId: creator.user.id });
    await seedPaidPledge(ctx.database.db, projectId, backer.user.id, 2_500);
    const comment = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/comments`,
      headers: backer.headers,
      payload: { body: 'Looking forward to it' },
    });
    expect(comment.statusCode).toBe(201);
    // Two closed accounts at once: both without a username, which only open accounts keep unique.
    for (const { headers } of [backer, creator]) {
      const closed = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/profile/', headers });
      expect(closed.statusCode).toBe(200);
    }
    const closedRows = await ctx.database.db
      .selectFrom('users')
      .select(['username', 'full_name'])
      .where('id', 'in', [creator.user.id, backer.user.id])
      .execute();
    expect(closedRows).toEqual([
      { username: '', full_name: '' },
      { username: '', full_name: '' },
    ]);
    const admin = await signedInUser(ctx, { admin: true });
    const page = await ctx.app.inject({
      url: `/api/v1/projects/${projectId}/comments`,
      headers: admin.headers,
    });
    expect(page.json().data.comments.map((c: { author: { name: string } }) => c.author.name)).toEqual(['']);
    const project = await ctx.app.inject({ url: `/api/v1/projects/${projectId}`, headers: admin.headers });
    expect(project.json().data).toMatchObject({
      status: 'REJECTED',
      revocation_reason: null,
      creator: { name: '', username: '' },
    });
  });

  it('keeps no address of a closed account: its backers’ row and CSV show none, no mail goes to it, and the address is free again', async () => {
    const db = ctx.database.db;
    const creator = await signedInUser(ctx);
    const backer = await signedInUser(ctx);
    const other = await signedInUser(ctx);
    const projectId = await createProjectRow(db, { creatorId: creator.user.id });
    const reward = await insertReward(db, {
      project_id: projectId,
      title: 'Mug',
      description: 'A mug',
      minimum_cents: 1_000,
      estimated_delivery_date: todayUtc(new Date(Date.now() + 30 * MS_PER_DAY)),
      shipping_type: 'none',
    });
    await seedPledge(db, {
      projectId,
      donorId: backer.user.id,
      cents: 2_500,
      rewardId: reward.id,
      fundingModel: 'flexible',
      status: 'SUCCEEDED',
    });
    // Two accounts closed: both without an address, which only open accounts keep unique.
    for (const { headers } of [backer, other]) {
      expect((await ctx.app.inject({ method: 'DELETE', url: '/api/v1/profile/', headers })).statusCode).toBe(
        200,
      );
    }
    const closedRows = await db
      .selectFrom('users')
      .select('email')
      .where('id', 'in', [backer.user.id, other.user.id])
      .execute();
    expect(closedRows).toEqual([{ email: '' }, { email: '' }]);

    const list = await ctx.app.inject({
      url: `/api/v1/projects/${projectId}/backers`,
      headers: creator.headers,
    });
    expect(list.json().data.map((row: { backer: object }) => row.backer)).toEqual([
      { id: backer.user.id, name: '', email: '' },
    ]);
    const csv = await ctx.app.inject({
      url: `/api/v1/projects/${projectId}/backers.csv`,
      headers: { ...creator.headers, 'accept-language': 'de' },
    });
    const [, line] = csv.body.slice(1).split('\r\n');
    expect(line).toMatch(/^\d+,Geschlossenes Konto,,25\.00,USD,Mug,/);
    expect(csv.body).not.toContain(backer.user.email);

    // Marking the reward sent tells the backer in the app; a closed account has no address to mail.
    const donation = await db
      .selectFrom('donations')
      .select('id')
      .where('donor_id', '=', backer.user.id)
      .executeTakeFirstOrThrow();
    const queued = async () =>
      Number(
        (
          await db
            .selectFrom('mail_outbox')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await queued();
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/backers/fulfilment`,
      headers: creator.headers,
      payload: { status: 'sent', donation_ids: [donation.id] },
    });
    expect(sent.statusCode).toBe(200);
    expect(await queued()).toBe(before);
    const unaddressed = await db.selectFrom('mail_outbox').select('id').where('recipient', '=', '').execute();
    expect(unaddressed).toEqual([]);

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        username: `again_${backer.user.id}`,
        email: backer.user.email.toUpperCase(),
        password: 'Blue-Canoe-42!',
        full_name: 'Back Again',
      },
    });
    expect(again.statusCode).toBe(201);
  });

  it('keeps an account with pledges still to be charged until they are cancelled', async () => {
    const creator = await signedInUser(ctx);
    const backer = await signedInUser(ctx);
    const projectId = await createProjectRow(ctx.database.db, { creatorId: creator.user.id });
    const donationId = await backProject(ctx, backer.headers, projectId, { amount: 10 });
    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/profile/',
      headers: backer.headers,
    });
    expect([refused.statusCode, refused.json().message]).toEqual([409, inEnglish(AUTH_MESSAGES.openPledges)]);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/backers/donations/${donationId}/cancel`,
      headers: backer.headers,
    });
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/profile/',
      headers: backer.headers,
    });
    expect(deleted.statusCode).toBe(200);
  });
});
