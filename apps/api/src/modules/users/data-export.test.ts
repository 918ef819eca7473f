import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataExport } from '@fundry/shared';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject } from '../../test/backing';
import { databaseKinds } from '../../test/databases';

describe('downloading my data', () => {
  let ctx: TestContext;
  let ada: Awaited<ReturnType<typeof signedInUser>>;
  let bob: Awaited<ReturnType<typeof signedInUser>>;
  let adasProject: number;
  let bobsProject: number;
  let adasPledge: number;
  let bobsPledge: number;

  beforeAll(async () => {
    ctx = await createTestApp('pglite');
    ada = await signedInUser(ctx, { email: 'ada@example.test' });
    bob = await signedInUser(ctx, { email: 'bob@example.test' });
    adasProject = await createProjectRow(ctx.database.db, { creatorId: ada.user.id, title: 'Ada’s Engine' });
    bobsProject = await createProjectRow(ctx.database.db, { creatorId: bob.user.id, title: 'Bob’s Lantern' });
    await ctx.database.db
      .insertInto('rewards')
      .values({
        project_id: adasProject,
        title: 'Punched card',
        description: 'A card from the first run.',
        minimum_cents: 1500,
        quantity_available: 10,
        estimated_delivery_date: '2027-01-01',
      })
      .execute();
    // All-or-nothing pledges: a saved card each, charged only if the campaign succeeds.
    const paid = (who: typeof ada, projectId: number, amount: number) =>
      backProject(ctx, who.headers, projectId, { amount });
    adasPledge = await paid(ada, bobsProject, 40);
    bobsPledge = await paid(bob, adasProject, 75);
    const call = (who: typeof ada, method: 'POST' | 'PUT', url: string, payload?: object) =>
      ctx.app.inject({
        method,
        url: `/api/v1/${url}`,
        headers: who.headers,
        ...(payload ? { payload } : {}),
      });
    await call(ada, 'POST', `projects/${bobsProject}/save`);
    // A conversation on Bob's project: his update and comment, Ada's comment and her report of his.
    await call(bob, 'POST', `projects/${bobsProject}/updates`, {
      title: 'Bob’s first update',
      body: '<p>The lantern glows.</p>',
      visibility: 'public',
    });
    const bobsComment = await call(bob, 'POST', `projects/${bobsProject}/comments`, { body: 'Bob speaking' });
    expect(bobsComment.statusCode).toBe(201);
    expect(
      (await call(ada, 'POST', `projects/${bobsProject}/comments`, { body: 'Ada asks when' })).statusCode,
    ).toBe(201);
    const report = await call(ada, 'POST', `comments/${bobsComment.json().data.id}/report`, {
      reason: 'Off topic',
    });
    expect(report.statusCode).toBe(201);
    await call(ada, 'PUT', 'users/me/preferences', { email_comments: false });
  });
  afterAll(() => ctx.close());

  it('answers a JSON attachment with everything held about the caller, and nobody else', async () => {
    const response = await ctx.app.inject({ url: '/api/v1/profile/export', headers: ada.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="fundry-data-${ada.user.id}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json<{ data: DataExport }>().data;

    expect(data.account).toMatchObject({
      id: ada.user.id,
      email: 'ada@example.test',
      roles: ['User'],
      two_factor_enabled: false,
      linked_sign_in: null,
    });
    expect(data.projects).toHaveLength(1);
    expect(data.projects[0]).toMatchObject({
      id: adasProject,
      title: 'Ada’s Engine',
      current_amount: 75,
      backers_count: 1,
      rewards: [{ title: 'Punched card', minimum_amount: 15, quantity_available: 10 }],
    });
    expect(data.pledges).toEqual([
      expect.objectContaining({
        id: adasPledge,
        project: { id: bobsProject, title: 'Bob’s Lantern' },
        amount: 40,
        status: 'PLEDGED',
      }),
    ]);
    expect(data.pledges.map((p) => p.id)).not.toContain(bobsPledge);
    expect(data.saved_projects).toEqual([
      { project: { id: bobsProject, title: 'Bob’s Lantern' }, saved_at: expect.any(String) },
    ]);
    // Bob's pledge to Ada's project is news for Ada (a notification), but it is not Ada's pledge.
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(
      data.notifications.every((n) => n.project_id === adasProject || n.project_id === bobsProject),
    ).toBe(true);
    expect(data.sessions).toHaveLength(1);
    expect(Object.keys(data.sessions[0]!).sort()).toEqual([
      'created_at',
      'expires_at',
      'revoked_at',
      'used_at',
    ]);
    expect(data.mails.every((mail) => Object.keys(mail).length === 4)).toBe(true);
    expect(data.comments).toEqual([
      expect.objectContaining({ project_id: bobsProject, body: 'Ada asks when', parent_id: null }),
    ]);
    expect(data.updates).toEqual([]);
    expect(data.reports).toEqual([
      expect.objectContaining({ target_type: 'comment', reason: 'Off topic', status: 'open' }),
    ]);
    expect(data.preferences).toEqual({
      email_updates: true,
      email_comments: false,
      email_pledges: true,
      email_reminders: true,
      email_messages: true,
      email_launches: true,
    });
    expect(data.reminders).toEqual([]);

    // No secret of Ada's and nothing of Bob's is anywhere in the file.
    const user = await ctx.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', ada.user.id)
      .executeTakeFirstOrThrow();
    const tokens = await ctx.database.db
      .selectFrom('refresh_tokens')
      .select(['token_hash', 'family_id'])
      .execute();
    for (const secret of [user.password_hash!, ...tokens.flatMap((t) => [t.token_hash, t.family_id])]) {
      expect(response.body).not.toContain(secret);
    }
    expect(response.body).not.toContain('bob@example.test');
    expect(response.body).not.toContain('Bob speaking');
    expect(response.body).not.toContain('The lantern glows');
    expect(response.body).not.toContain(ada.tokens.refresh_token);
  });

  it('holds the updates a creator posted', async () => {
    const response = await ctx.app.inject({ url: '/api/v1/profile/export', headers: bob.headers });
    const data = response.json<{ data: DataExport }>().data;
    expect(data.updates).toEqual([
      expect.objectContaining({ project_id: bobsProject, number: 1, title: 'Bob’s first update' }),
    ]);
    expect(data.comments.map((c) => c.body)).toEqual(['Bob speaking']);
    expect(response.body).not.toContain('Ada asks when');
  });

  it('holds whom one follows and the teams one is on or invited to, and nobody else’s', async () => {
    const carol = await signedInUser(ctx, { email: 'carol@example.test' });
    const upcoming = await createProjectRow(ctx.database.db, {
      creatorId: bob.user.id,
      title: 'Bob’s Kite',
      start: 5,
      end: 30,
    });
    const as = (who: typeof ada, url: string, payload?: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/${url}`,
        headers: who.headers,
        ...(payload ? { payload } : {}),
      });
    expect((await as(carol, `projects/${upcoming}/follow`)).statusCode).toBe(200);
    expect((await as(carol, `users/${bob.user.id}/follow`)).statusCode).toBe(200);
    expect(
      (
        await as(bob, `projects/${upcoming}/collaborators`, {
          email: 'Carol@Example.test',
          permissions: ['community'],
        })
      ).statusCode,
    ).toBe(201);
    // Ada's follow of Bob is hers, not in Carol's file.
    expect((await as(ada, `users/${bob.user.id}/follow`)).statusCode).toBe(200);

    const response = await ctx.app.inject({ url: '/api/v1/profile/export', headers: carol.headers });
    const data = response.json<{ data: DataExport }>().data;
    expect(data.follows).toEqual({
      projects: [{ project: { id: upcoming, title: 'Bob’s Kite' }, followed_at: expect.any(String) }],
      creators: [{ person: { id: bob.user.id, name: expect.any(String) }, followed_at: expect.any(String) }],
    });
    // Invited to her address, not yet accepted: it is hers all the same.
    expect(data.collaborations).toEqual([
      {
        project: { id: upcoming, title: 'Bob’s Kite' },
        permissions: ['community'],
        invited_at: expect.any(String),
        accepted_at: null,
      },
    ]);
  });

  it('is only for a signed-in caller', async () => {
    const response = await ctx.app.inject('/api/v1/profile/export');
    expect(response.statusCode).toBe(401);
  });

  it('is rate-limited', async () => {
    const limited = await createTestApp('pglite', { RATE_LIMITS: 'on' });
    try {
      const { headers } = await signedInUser(limited);
      const statuses = [];
      for (let i = 0; i < 6; i += 1) {
        statuses.push((await limited.app.inject({ url: '/api/v1/profile/export', headers })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe.each(databaseKinds)('downloading my data: add-ons and messages (%s)', (kind) => {
  let ctx: TestContext;
  let cleo: Awaited<ReturnType<typeof signedInUser>>;
  let dan: Awaited<ReturnType<typeof signedInUser>>;
  let eve: Awaited<ReturnType<typeof signedInUser>>;
  let projectId: number;
  let addOnId: number;
  let dansPledge: number;
  let dansThread: number;
  const call = (
    who: { headers: Record<string, string> },
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ) =>
    ctx.app.inject({ method, url: `/api/v1/${url}`, headers: who.headers, ...(payload ? { payload } : {}) });
  const exportOf = async (who: { headers: Record<string, string> }) => {
    const response = await call(who, 'GET', 'profile/export');
    expect(response.statusCode).toBe(200);
    return { body: response.body, data: response.json<{ data: DataExport }>().data };
  };

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    cleo = await signedInUser(ctx, { email: 'cleo@example.test' });
    dan = await signedInUser(ctx, { email: 'dan@example.test' });
    eve = await signedInUser(ctx, { email: 'eve@example.test' });
    projectId = await createProjectRow(ctx.database.db, { creatorId: cleo.user.id, title: 'Cleo’s Kiln' });
    const addOn = await call(cleo, 'POST', `projects/${projectId}/add-ons`, {
      title: 'Glaze sampler',
      description: 'Six glazes',
      price: 8,
      quantity_available: 20,
    });
    expect(addOn.statusCode, addOn.body).toBe(201);
    addOnId = addOn.json().data.id;
    dansPledge = await backProject(ctx, dan.headers, projectId, {
      amount: 30,
      add_ons: [{ add_on_id: addOnId, quantity: 2 }],
    });
    const opened = await call(dan, 'POST', `projects/${projectId}/messages`, { body: 'When does it ship?' });
    expect(opened.statusCode, opened.body).toBe(201);
    dansThread = opened.json().data.thread_id;
    expect((await call(cleo, 'POST', `messages/${dansThread}`, { body: 'In May.' })).statusCode).toBe(201);
    expect((await call(cleo, 'POST', `messages/${dansThread}/block`)).statusCode).toBe(200);
    expect(
      (await call(eve, 'POST', `projects/${projectId}/messages`, { body: 'Eve’s private question' }))
        .statusCode,
    ).toBe(201);
  });
  afterAll(() => ctx.close());

  it('carries a backer’s add-on lines, their threads with both sides’ messages, and nobody else’s', async () => {
    const { body, data } = await exportOf(dan);
    expect(data.pledges).toEqual([
      expect.objectContaining({
        id: dansPledge,
        amount: 30,
        add_ons: [{ add_on_id: addOnId, title: 'Glaze sampler', quantity: 2, price: 8, shipping_amount: 0 }],
      }),
    ]);
    expect(data.message_threads).toEqual([
      {
        id: dansThread,
        project: { id: projectId, title: 'Cleo’s Kiln' },
        role: 'person',
        other_party: { id: cleo.user.id, name: cleo.user.full_name },
        created_at: expect.any(String),
        last_message_at: expect.any(String),
        messages: [
          {
            id: expect.any(Number),
            author_id: dan.user.id,
            body: 'When does it ship?',
            created_at: expect.any(String),
          },
          {
            id: expect.any(Number),
            author_id: cleo.user.id,
            body: 'In May.',
            created_at: expect.any(String),
          },
        ],
      },
    ]);
    // Cleo's block of Dan is hers, not his.
    expect(data.message_blocks).toEqual([]);
    expect(body).not.toContain('Eve’s private question');
    expect(body).not.toContain('cleo@example.test');
  });

  it('carries a creator’s add-ons, every thread about their project and the people they blocked', async () => {
    const { body, data } = await exportOf(cleo);
    expect(data.projects[0]!.add_ons).toEqual([
      {
        id: addOnId,
        currency: 'USD',
        title: 'Glaze sampler',
        description: 'Six glazes',
        price: 8,
        quantity_available: 20,
        quantity_claimed: 2,
        image_url: null,
        created_at: expect.any(String),
      },
    ]);
    expect(data.pledges).toEqual([]);
    expect(
      data.message_threads.map((thread) => [thread.role, thread.other_party.id, thread.messages.length]),
    ).toEqual([
      ['creator', dan.user.id, 2],
      ['creator', eve.user.id, 1],
    ]);
    expect(data.message_blocks).toEqual([
      { person: { id: dan.user.id, name: dan.user.full_name }, created_at: expect.any(String) },
    ]);
    expect(body).not.toContain('dan@example.test');
    expect(body).not.toContain('eve@example.test');
  });

  it('holds nothing of a conversation for a stranger to it', async () => {
    const stranger = await signedInUser(ctx);
    const { body, data } = await exportOf(stranger);
    expect(data.message_threads).toEqual([]);
    expect(data.message_blocks).toEqual([]);
    expect(body).not.toContain('When does it ship?');
  });
});
