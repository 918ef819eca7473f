import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Comment, MODERATION_MESSAGES } from '@fundry/shared';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { inEnglish } from '../../test/i18n';
import { sanctionsBy } from '../sanctions/sanctions.fixtures';

type User = Awaited<ReturnType<typeof signedInUser>>;
type Headers = Record<string, string>;

describe.each(databaseKinds)('a creator blocks a person on %s', (kind) => {
  let ctx: TestContext;
  let creator: User;
  let otherCreator: User;
  let backer: User;
  let stranger: User;
  let admin: User;
  /** Two projects of the same creator, and one of someone else. */
  let first: number;
  let second: number;
  let elsewhere: number;
  const anonymous: Headers = {};

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    creator = await signedInUser(ctx, { full_name: 'Carla Creator' });
    otherCreator = await signedInUser(ctx);
    backer = await signedInUser(ctx, { full_name: 'Troll Backer' });
    stranger = await signedInUser(ctx);
    admin = await signedInUser(ctx, { admin: true });
    first = await createProjectRow(ctx.database.db, { creatorId: creator.user.id, title: 'First Forge' });
    second = await createProjectRow(ctx.database.db, { creatorId: creator.user.id, title: 'Second Forge' });
    elsewhere = await createProjectRow(ctx.database.db, {
      creatorId: otherCreator.user.id,
      title: 'Other Oven',
    });
    for (const id of [first, second, elsewhere]) await backProject(ctx, backer.headers, id, { amount: 15 });
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
    ctx.app.inject({
      method,
      url: `/api/v1/${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const comment = (projectId: number, who: Headers, body: string) =>
    call('POST', `projects/${projectId}/comments`, who, { body });
  async function seenBy(who: Headers, projectId: number, commentId: number) {
    const list = await call('GET', `projects/${projectId}/comments?per_page=100`, who);
    return {
      comment: (list.json().data.comments as Comment[]).find((c) => c.id === commentId)!,
      canComment: list.json().data.can_comment as boolean,
    };
  }
  const blockRows = () =>
    ctx.database.db
      .selectFrom('message_blocks')
      .selectAll()
      .where('blocker_id', '=', creator.user.id)
      .execute();

  it('only the creator blocks and unblocks; the creator and admins read the list; others 401/403', async () => {
    const target = await signedInUser(ctx);
    const url = `projects/${first}/blocked-users`;
    for (const [who, status] of [
      [anonymous, 401],
      [stranger.headers, 403],
      [backer.headers, 403],
      [admin.headers, 403],
    ] as const) {
      const refused = await call('POST', url, who, { user_id: target.user.id });
      expect(refused.statusCode).toBe(status);
      if (status === 403)
        expect(refused.json().message).toBe(inEnglish(MODERATION_MESSAGES.onlyCreatorBlocks));
      expect((await call('DELETE', `${url}/${target.user.id}`, who)).statusCode).toBe(status);
    }
    expect(await blockRows()).toEqual([]);
    const blocked = await call('POST', url, creator.headers, { user_id: target.user.id });
    expect(blocked.statusCode).toBe(201);
    expect(blocked.json().data).toMatchObject({
      id: target.user.id,
      name: target.user.full_name || target.user.username,
    });
    // Again: no change, the same answer.
    expect((await call('POST', url, creator.headers, { user_id: target.user.id })).statusCode).toBe(201);

    for (const [who, status] of [
      [anonymous, 401],
      [stranger.headers, 403],
      [backer.headers, 403],
      [creator.headers, 200],
      [admin.headers, 200],
    ] as const) {
      const list = await call('GET', url, who);
      expect(list.statusCode).toBe(status);
      if (status === 200) {
        expect(list.json().data.map((u: { id: number }) => u.id)).toEqual([target.user.id]);
        expect(list.json().meta).toMatchObject({ total: 1, page: 1 });
      }
    }
    // The block is the creator's: their other project lists it too.
    const fromSecond = await call('GET', `projects/${second}/blocked-users`, creator.headers);
    expect(fromSecond.json().data.map((u: { id: number }) => u.id)).toEqual([target.user.id]);

    const lifted = await call('DELETE', `${url}/${target.user.id}`, creator.headers);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().message).toBe(inEnglish(MODERATION_MESSAGES.unblocked));
    expect((await call('GET', url, creator.headers)).json().data).toEqual([]);
  });

  it('bad input changes nothing: oneself, an unknown person, no or a wrong user_id, an unknown project', async () => {
    const url = `projects/${first}/blocked-users`;
    const self = await call('POST', url, creator.headers, { user_id: creator.user.id });
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe(inEnglish(MODERATION_MESSAGES.cannotBlockSelf));
    const unknown = await call('POST', url, creator.headers, { user_id: 999_999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(inEnglish(MODERATION_MESSAGES.unknownUser));
    expect((await call('POST', url, creator.headers, {})).statusCode).toBe(400);
    expect((await call('POST', url, creator.headers, { user_id: 'someone' })).statusCode).toBe(400);
    expect((await call('POST', url, creator.headers, { user_id: backer.user.id, extra: 1 })).statusCode).toBe(
      400,
    );
    expect(
      (await call('POST', 'projects/999999/blocked-users', creator.headers, { user_id: backer.user.id }))
        .statusCode,
    ).toBe(404);
    expect(await blockRows()).toEqual([]);
  });

  it('a blocked person can no longer comment on or message any of the creator’s projects; their comments there are hidden', async () => {
    const ids: Record<string, number> = {};
    for (const [name, projectId] of [
      ['first', first],
      ['second', second],
      ['elsewhere', elsewhere],
    ] as const) {
      const posted = await comment(projectId, backer.headers, `Rant on ${name}`);
      expect(posted.statusCode).toBe(201);
      ids[name] = posted.json().data.id;
    }
    expect(
      (await call('POST', `projects/${first}/blocked-users`, creator.headers, { user_id: backer.user.id }))
        .statusCode,
    ).toBe(201);

    for (const projectId of [first, second]) {
      const refused = await comment(projectId, backer.headers, 'More');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(inEnglish(MODERATION_MESSAGES.blockedFromComments));
      const message = await call('POST', `projects/${projectId}/messages`, backer.headers, {
        body: 'Hello?',
      });
      expect(message.statusCode).toBe(403);
      expect(message.json().message).toBe(inEnglish('api.messages.blocked'));
      expect(
        (await seenBy(backer.headers, projectId, ids[projectId === first ? 'first' : 'second']!)).canComment,
      ).toBe(false);
    }
    // Hidden from others on both of the creator's projects; the author still reads their own.
    const onCreatorsProjects: [number, number][] = [
      [first, ids.first!],
      [second, ids.second!],
    ];
    for (const [projectId, id] of onCreatorsProjects) {
      for (const who of [anonymous, stranger.headers, creator.headers]) {
        expect((await seenBy(who, projectId, id)).comment).toMatchObject({
          hidden: true,
          body: '',
          author: null,
        });
      }
      expect((await seenBy(backer.headers, projectId, id)).comment).toMatchObject({
        hidden: true,
        body: expect.stringContaining('Rant'),
      });
      expect((await seenBy(admin.headers, projectId, id)).comment).toMatchObject({
        hidden: true,
        body: expect.stringContaining('Rant'),
      });
    }
    // Elsewhere nothing changes.
    expect((await seenBy(anonymous, elsewhere, ids.elsewhere!)).comment).toMatchObject({
      hidden: false,
      body: 'Rant on elsewhere',
    });
    expect((await comment(elsewhere, backer.headers, 'Still welcome here')).statusCode).toBe(201);
    expect(
      (await call('POST', `projects/${elsewhere}/messages`, backer.headers, { body: 'Hi' })).statusCode,
    ).toBe(201);

    // Unblocked: everything is as before.
    expect(
      (await call('DELETE', `projects/${second}/blocked-users/${backer.user.id}`, creator.headers))
        .statusCode,
    ).toBe(200);
    expect((await seenBy(anonymous, first, ids.first!)).comment).toMatchObject({
      hidden: false,
      body: 'Rant on first',
    });
    expect((await comment(first, backer.headers, 'Sorry about that')).statusCode).toBe(201);
  });

  it('a block from a message thread is the same block: it also keeps the person from commenting', async () => {
    const pest = await signedInUser(ctx);
    await backProject(ctx, pest.headers, second, { amount: 15 });
    const asked = await call('POST', `projects/${second}/messages`, pest.headers, {
      body: 'Refund me now!!',
    });
    expect(asked.statusCode).toBe(201);
    const threads = await call('GET', 'messages', creator.headers);
    const thread = threads
      .json()
      .data.threads.find((t: { other: { id: number } }) => t.other.id === pest.user.id);
    expect((await call('POST', `messages/${thread.id}/block`, creator.headers)).statusCode).toBe(200);
    const refused = await comment(second, pest.headers, 'Hello');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(inEnglish(MODERATION_MESSAGES.blockedFromComments));
    const list = await call('GET', `projects/${first}/blocked-users`, creator.headers);
    expect(list.json().data.map((u: { id: number }) => u.id)).toContain(pest.user.id);
  });

  it.runIf(kind === 'postgres')(
    'a block and its lifting tell every instance’s kept pages of each of the creator’s projects',
    async () => {
      const listener = new pg.Client({ connectionString: ctx.database.url });
      await listener.connect();
      const heard: string[] = [];
      listener.on('notification', (message) => heard.push(message.payload ?? ''));
      await listener.query('listen project_changes');
      try {
        const someone = await signedInUser(ctx);
        const url = `projects/${first}/blocked-users`;
        expect((await call('POST', url, creator.headers, { user_id: someone.user.id })).statusCode).toBe(201);
        await expect.poll(() => heard).toEqual(expect.arrayContaining([`c${first}`, `c${second}`]));
        expect(heard).not.toContain(`c${elsewhere}`);
        heard.length = 0;
        expect((await call('DELETE', `${url}/${someone.user.id}`, creator.headers)).statusCode).toBe(200);
        await expect.poll(() => heard).toEqual(expect.arrayContaining([`c${first}`, `c${second}`]));
      } finally {
        await listener.end();
      }
    },
  );

  it('a silenced creator still blocks (a block is seen by no one else); a suspended creator is refused', async () => {
    const act = sanctionsBy(
      () => ctx,
      () => admin,
    );
    const silencedCreator = await signedInUser(ctx);
    const suspendedCreator = await signedInUser(ctx);
    const ofSilenced = await createProjectRow(ctx.database.db, { creatorId: silencedCreator.user.id });
    const ofSuspended = await createProjectRow(ctx.database.db, { creatorId: suspendedCreator.user.id });
    const target = await signedInUser(ctx);
    await act.silence(silencedCreator);
    await act.suspend(suspendedCreator);

    const silencedUrl = `projects/${ofSilenced}/blocked-users`;
    expect(
      (await call('POST', silencedUrl, silencedCreator.headers, { user_id: target.user.id })).statusCode,
    ).toBe(201);
    expect((await call('GET', silencedUrl, silencedCreator.headers)).json().data).toEqual([
      expect.objectContaining({ id: target.user.id }),
    ]);
    expect(
      (await call('DELETE', `${silencedUrl}/${target.user.id}`, silencedCreator.headers)).statusCode,
    ).toBe(200);

    const suspendedUrl = `projects/${ofSuspended}/blocked-users`;
    for (const refused of [
      await call('POST', suspendedUrl, suspendedCreator.headers, { user_id: target.user.id }),
      await call('GET', suspendedUrl, suspendedCreator.headers),
      await call('DELETE', `${suspendedUrl}/${target.user.id}`, suspendedCreator.headers),
    ]) {
      expect([refused.statusCode, refused.json().error]).toEqual([403, 'ACCOUNT_SUSPENDED']);
    }
    const byTheSuspended = await ctx.database.db
      .selectFrom('message_blocks')
      .select('blocked_id')
      .where('blocker_id', '=', suspendedCreator.user.id)
      .execute();
    expect(byTheSuspended).toEqual([]);
  });
});
