import { generate, generateSecret } from 'otplib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backingMismatches, backProject, pledge } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { inEnglish } from '../../test/i18n';
import { apiOf, sanctionsBy, type User } from './sanctions.fixtures';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.each(databaseKinds)('a suspended account, on %s', (kind) => {
  let ctx: TestContext;
  let admin: User;
  let creator: User;
  let backer: User;
  let person: User;
  /** The person's live campaign, backed by `backer`. */
  let ownProject: number;
  /** Another creator's all-or-nothing campaign the person backs, and one where their checkout is open. */
  let backedProject: number;
  let openProject: number;

  const db = () => ctx.database.db;
  const api = apiOf(() => ctx);
  const act = sanctionsBy(
    () => ctx,
    () => admin,
  );
  const login = (email: string, password: string) => api('POST', 'auth/login', {}, { email, password });
  const commentsSeenBy = async (headers: Record<string, string>) => {
    const response = await api('GET', `projects/${backedProject}/comments`, headers);
    return response.json().data.comments.map((c: { author: { id: number } }) => c.author.id) as number[];
  };

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    admin = await signedInUser(ctx, { admin: true });
    creator = await signedInUser(ctx, { full_name: 'Cora Creator' });
    backer = await signedInUser(ctx, { full_name: 'Bea Backer', email: 'bea@example.test' });
    person = await signedInUser(ctx, { full_name: 'Pat Person', email: 'pat@example.test' });
    ownProject = await createProjectRow(db(), {
      creatorId: person.user.id,
      title: 'Lamp',
      start: -1,
      end: 20,
    });
    backedProject = await createProjectRow(db(), {
      creatorId: creator.user.id,
      title: 'Kettle',
      start: -1,
      end: 20,
    });
    openProject = await createProjectRow(db(), {
      creatorId: creator.user.id,
      title: 'Stove',
      start: -1,
      end: 20,
    });
    await backProject(ctx, backer.headers, ownProject, { amount: 40 });
    await backProject(ctx, backer.headers, backedProject, { amount: 15 });
    await backProject(ctx, person.headers, backedProject, { amount: 30 });
    expect((await pledge(ctx, person.headers, openProject, { amount: 12 })).statusCode).toBe(201);
    for (const [who, body] of [
      [person, 'Great kettle'],
      [backer, 'Agreed'],
    ] as const) {
      const posted = await api('POST', `projects/${backedProject}/comments`, who.headers, { body });
      expect(posted.statusCode).toBe(201);
    }
  });
  afterAll(() => ctx.close());

  it('shuts the account: sign-in, refresh and a token already issued are refused at once', async () => {
    // A two-factor sign-in begun before the suspension cannot be finished after it.
    const secret = generateSecret();
    await db()
      .updateTable('users')
      .set({ totp_secret: secret, totp_enabled_at: new Date() })
      .where('id', '=', person.user.id)
      .execute();
    const challenge = (await login(person.user.email, person.user.password)).json().challenge_token as string;
    expect(challenge).toBeTruthy();

    const record = await act.suspend(person);
    expect(record.account.standing).toBe('suspended');
    expect(record.current_sanction).toMatchObject({ kind: 'suspend', reason: 'fraud', until: null });

    const suspended = { error: 'ACCOUNT_SUSPENDED', message: inEnglish('api.sanctions.suspended') };
    const profile = await api('GET', 'profile', person.headers);
    expect([profile.statusCode, profile.json()]).toEqual([403, suspended]);
    const signIn = await login(person.user.email, person.user.password);
    expect([signIn.statusCode, signIn.json()]).toEqual([403, suspended]);
    // A wrong password still says only that: the suspension is told to whoever proves the account is theirs.
    expect((await login(person.user.email, 'Wrong#Password-1')).statusCode).toBe(401);
    const twoFactor = await api(
      'POST',
      'auth/2fa/verify',
      {},
      { code: await generate({ secret }), challenge_token: challenge },
    );
    expect([twoFactor.statusCode, twoFactor.json()]).toEqual([403, suspended]);
    const refresh = await api('POST', 'auth/refresh', bearer(person.tokens.refresh_token), {});
    expect([401, 403]).toContain(refresh.statusCode);
    const live = await db()
      .selectFrom('refresh_tokens')
      .select('id')
      .where('user_id', '=', person.user.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
  });

  it('puts their live campaigns on hold, backers told, and ends their checkouts and pledges', async () => {
    const own = await db()
      .selectFrom('projects')
      .select('status')
      .where('id', '=', ownProject)
      .executeTakeFirstOrThrow();
    expect(own.status).toBe('REJECTED');
    const held = await db()
      .selectFrom('notifications')
      .select('type')
      .where('user_id', '=', backer.user.id)
      .where('project_id', '=', ownProject)
      .execute();
    expect(held.map((n) => n.type)).toContain('CAMPAIGN_HOLD');
    const heldMail = await db()
      .selectFrom('mail_outbox')
      .select('subject')
      .where('recipient', '=', 'bea@example.test')
      .where('subject', '=', inEnglish('mail.campaignHold.subject'))
      .execute();
    expect(heldMail).toHaveLength(1);

    const pledges = await db()
      .selectFrom('donations')
      .select(['project_id', 'status'])
      .where('donor_id', '=', person.user.id)
      .orderBy('project_id')
      .execute();
    expect(pledges).toEqual([
      { project_id: backedProject, status: 'CANCELED' },
      { project_id: openProject, status: 'EXPIRED' },
    ]);
    // The counters are the backer's own cancel's: only Bea's pledge is left on the kettle.
    const kettle = await db()
      .selectFrom('projects')
      .select(['current_cents', 'backers_count'])
      .where('id', '=', backedProject)
      .executeTakeFirstOrThrow();
    expect(kettle).toEqual({ current_cents: 1500, backers_count: 1 });
    expect(await backingMismatches(ctx)).toEqual([]);

    const mails = await db()
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('recipient', '=', 'pat@example.test')
      .execute();
    const sanctionMail = mails.find((m) => m.subject === inEnglish('mail.sanction.suspendSubject'));
    expect(sanctionMail?.text_body).toContain(inEnglish('common.suspensionReason.fraud'));
    expect(sanctionMail?.text_body).toContain('Your pledges used stolen cards.');
  });

  it('hides their comments from everyone but admins, and shows them again on reinstatement', async () => {
    expect(await commentsSeenBy(backer.headers)).toEqual([backer.user.id]);
    expect(await commentsSeenBy({})).toEqual([backer.user.id]);
    expect(await commentsSeenBy(admin.headers)).toEqual([backer.user.id, person.user.id]);

    const record = await act.reinstate(person);
    expect(record.account.standing).toBe('active');
    expect(await commentsSeenBy(backer.headers)).toEqual([backer.user.id, person.user.id]);
    // Held campaigns stay held for an admin to activate; the person signs in again.
    const own = await db()
      .selectFrom('projects')
      .select('status')
      .where('id', '=', ownProject)
      .executeTakeFirstOrThrow();
    expect(own.status).toBe('REJECTED');
    await db()
      .updateTable('users')
      .set({ totp_enabled_at: null, totp_secret: null })
      .where('id', '=', person.user.id)
      .execute();
    const signIn = await login(person.user.email, person.user.password);
    expect(signIn.statusCode).toBe(200);
    expect((await api('GET', 'profile', bearer(signIn.json().access_token))).statusCode).toBe(200);
    // The token from before the suspension is good again on this instance (it has not expired).
    expect((await api('GET', 'profile', person.headers)).statusCode).toBe(200);
  });
});

// Two instances share the database: the one that did not suspend learns of it by re-reading the list.
describe.skipIf(!databaseKinds.includes('postgres'))(
  'a suspension seen by another instance, on postgres',
  () => {
    let a: TestContext;
    let b: FastifyInstance;

    beforeAll(async () => {
      a = await createTestApp('postgres');
      b = await buildApp(a.config, { db: a.database.db, searchDb: a.database.searchDb });
      await b.ready();
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('refuses the same access token on the other instance within 5 seconds', async () => {
      const admin = await signedInUser(a, { admin: true });
      const person = await signedInUser(a);
      const onB = () => b.inject({ url: '/api/v1/profile', headers: person.headers });
      expect((await onB()).statusCode).toBe(200);

      const suspended = await a.app.inject({
        method: 'POST',
        url: `/api/v1/admin/users/${person.user.id}/suspend`,
        headers: admin.headers,
        payload: { reason: 'spam', message: 'Bulk spam.' },
      });
      expect(suspended.statusCode).toBe(200);
      const start = Date.now();
      expect((await a.app.inject({ url: '/api/v1/profile', headers: person.headers })).statusCode).toBe(403);

      let status = (await onB()).statusCode;
      while (status === 200 && Date.now() - start < 6_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        status = (await onB()).statusCode;
      }
      const elapsed = Date.now() - start;
      expect(status).toBe(403);
      expect(elapsed).toBeLessThan(5_000);

      // Reinstated on A, B lets the token in again as soon.
      await a.app.inject({
        method: 'POST',
        url: `/api/v1/admin/users/${person.user.id}/reinstate`,
        headers: admin.headers,
      });
      const again = Date.now();
      while ((await onB()).statusCode === 403 && Date.now() - again < 6_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await onB()).statusCode).toBe(200);
      expect(Date.now() - again).toBeLessThan(5_000);
    });
  },
);
