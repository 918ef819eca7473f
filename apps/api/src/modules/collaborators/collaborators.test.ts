import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLABORATOR_MESSAGES, MAX_COLLABORATORS } from '@fundry/shared';
import { createProjectRow, createUser } from '../../db/seed/factories';
import { apiOf, sanctionsBy } from '../sanctions/sanctions.fixtures';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { inEnglish, inLocale } from '../../test/i18n';

type User = Awaited<ReturnType<typeof signedInUser>>;

describe.each(databaseKinds)('a project’s team on %s', (kind) => {
  let ctx: TestContext;
  let creator: User;
  let admin: User;
  let projectId: number;
  const api = apiOf(() => ctx);
  const act = sanctionsBy(
    () => ctx,
    () => admin,
  );

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    creator = await signedInUser(ctx, { full_name: 'Carla Creator' });
    admin = await signedInUser(ctx, { admin: true });
    projectId = await createProjectRow(ctx.database.db, {
      creatorId: creator.user.id,
      title: 'Paper Boats',
      fundingModel: 'flexible',
    });
  });
  afterAll(() => ctx.close());

  const team = () => `projects/${projectId}/collaborators`;
  const teamOf = (id: number) => `projects/${id}/collaborators`;
  const invite = (email: string, permissions: unknown = ['community'], who = creator, id = projectId) =>
    api('POST', teamOf(id), who.headers, { email, permissions });
  const mailsTo = (address: string) =>
    ctx.database.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('recipient', '=', address)
      .orderBy('id')
      .execute();
  const auditOf = (id: number) =>
    ctx.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'details'])
      .where('project_id', '=', id)
      .orderBy('id')
      .execute();

  it('invites a person, who is notified and mailed in their language, and accepts; the creator hears', async () => {
    const sofia = await signedInUser(ctx, { full_name: 'Sofia Studio' });
    await ctx.database.db
      .updateTable('users')
      .set({ locale: 'es' })
      .where('id', '=', sofia.user.id)
      .execute();
    const invited = await invite(sofia.user.email.toUpperCase(), ['fulfilment', 'community']);
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().data).toMatchObject({
      email: sofia.user.email,
      user: null,
      permissions: ['community', 'fulfilment'],
      status: 'pending',
    });
    const [mail] = await mailsTo(sofia.user.email);
    expect(mail!.subject).toBe(
      inLocale('es', 'mail.collaborators.invitedSubject', { project: 'Paper Boats' }),
    );
    const notices = await api('GET', 'notifications', { ...sofia.headers, 'accept-language': 'es' });
    expect(JSON.stringify(notices.json())).toContain(
      inLocale('es', 'api.notification.collaboratorInvited', {
        project: 'Paper Boats',
        creator: 'Carla Creator',
      }),
    );

    const mine = await api('GET', 'users/me/collaborations', sofia.headers);
    expect(mine.json().data).toEqual([
      expect.objectContaining({
        project: expect.objectContaining({ id: projectId, title: 'Paper Boats' }),
        status: 'pending',
        permissions: ['community', 'fulfilment'],
      }),
    ]);
    // Invited is not yet on the team: their permissions start when they accept.
    expect((await api('GET', `projects/${projectId}/backers`, sofia.headers)).statusCode).toBe(403);

    const accepted = await api('POST', `${team()}/accept`, sofia.headers);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().message).toBe(inEnglish(COLLABORATOR_MESSAGES.accepted));
    expect((await api('GET', `projects/${projectId}/backers`, sofia.headers)).statusCode).toBe(200);
    expect((await api('GET', 'users/me/collaborations', sofia.headers)).json().data[0].status).toBe(
      'accepted',
    );

    const [answer] = await mailsTo(creator.user.email);
    expect(answer!.subject).toBe(
      inEnglish('mail.collaborators.acceptedSubject', { person: 'Sofia Studio', project: 'Paper Boats' }),
    );
    const list = await api('GET', team(), creator.headers);
    expect(list.json().data).toEqual([
      expect.objectContaining({
        status: 'accepted',
        user: { id: sofia.user.id, name: 'Sofia Studio', profile_image: null },
      }),
    ]);
    // The project page shows the team beside its creator.
    const page = await api('GET', `projects/${projectId}`);
    expect(page.json().data.team).toEqual([{ id: sofia.user.id, name: 'Sofia Studio', profile_image: null }]);
    expect((await auditOf(projectId)).map((row) => [row.action, row.actor_id])).toEqual([
      ['collaborator.invite', creator.user.id],
      ['collaborator.accept', sofia.user.id],
    ]);
  });

  it('an update and a reply name the collaborator who wrote them; mails to backers are signed by them', async () => {
    const writer = await signedInUser(ctx, { full_name: 'Will Writer' });
    const id = await createProjectRow(ctx.database.db, { creatorId: creator.user.id, title: 'Kites' });
    const backer = await signedInUser(ctx);
    await backProject(ctx, backer.headers, id, { amount: 20 });
    expect((await invite(writer.user.email, ['community'], creator, id)).statusCode).toBe(201);
    expect((await api('POST', `${teamOf(id)}/accept`, writer.headers)).statusCode).toBe(200);

    const posted = await api('POST', `projects/${id}/updates`, writer.headers, {
      title: 'Frames are cut',
      body: '<p>All forty frames.</p>',
      visibility: 'public',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().data.author).toMatchObject({ id: writer.user.id, name: 'Will Writer' });
    const [mail] = await mailsTo(backer.user.email).then((mails) =>
      mails.filter((m) => m.subject.includes('Frames are cut')),
    );
    expect(mail!.text_body).toContain(
      inEnglish('mail.projectUpdate.signature', { author: 'Will Writer', project: 'Kites' }),
    );

    const comment = await api('POST', `projects/${id}/comments`, backer.headers, { body: 'When?' });
    const reply = await api('POST', `projects/${id}/comments`, writer.headers, {
      body: 'In May.',
      parent_id: comment.json().data.id,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().data.author).toMatchObject({
      id: writer.user.id,
      name: 'Will Writer',
      is_team: true,
    });

    // A report by the team hides the comment at once, and the comment keeps who hid it.
    const reported = await api('POST', `comments/${comment.json().data.id}/report`, writer.headers, {
      reason: 'Off topic',
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const hidden = await ctx.database.db
      .selectFrom('comments')
      .select(['hidden_at', 'hidden_by'])
      .where('id', '=', comment.json().data.id)
      .executeTakeFirstOrThrow();
    expect(hidden.hidden_at).not.toBeNull();
    expect(hidden.hidden_by).toBe(writer.user.id);
  });

  it('refuses inviting the creator, an address on the team, an unknown permission, none, the 21st', async () => {
    const id = await createProjectRow(ctx.database.db, { creatorId: creator.user.id });
    const refused = async (email: string, permissions: unknown, status: number, key: string) => {
      const response = await api(
        'POST',
        teamOf(id),
        { ...creator.headers, 'accept-language': 'de' },
        {
          email,
          permissions,
        },
      );
      expect(response.statusCode, response.body).toBe(status);
      expect(JSON.stringify(response.json())).toContain(
        inLocale('de', key, { limit: MAX_COLLABORATORS }).replace(/"/g, '\\"'),
      );
    };
    await refused(creator.user.email, ['edit'], 422, COLLABORATOR_MESSAGES.cannotInviteCreator);
    await refused('someone@example.com', ['admin'], 400, COLLABORATOR_MESSAGES.permissionUnknown);
    await refused('someone@example.com', [], 400, COLLABORATOR_MESSAGES.permissionsRequired);
    await refused('not an address', ['edit'], 400, COLLABORATOR_MESSAGES.emailInvalid);
    expect((await invite('pair@example.com', ['edit'], creator, id)).statusCode).toBe(201);
    await refused('PAIR@example.com', ['community'], 409, COLLABORATOR_MESSAGES.alreadyOnTeam);
    for (let i = 1; i < MAX_COLLABORATORS; i += 1) {
      expect((await invite(`helper${i}@example.com`, ['edit'], creator, id)).statusCode).toBe(201);
    }
    await refused('one-too-many@example.com', ['edit'], 422, COLLABORATOR_MESSAGES.tooMany);
    // A collaborator may not invite, even with every permission.
    const member = await signedInUser(ctx);
    const other = await createProjectRow(ctx.database.db, { creatorId: creator.user.id });
    await invite(member.user.email, ['edit', 'community', 'fulfilment'], creator, other);
    await api('POST', `${teamOf(other)}/accept`, member.headers);
    const byMember = await invite('friend@example.com', ['edit'], member, other);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe(inEnglish(COLLABORATOR_MESSAGES.onlyCreator));
  });

  it('an invitation to an address with no account becomes theirs once they register and verify it', async () => {
    const id = await createProjectRow(ctx.database.db, { creatorId: creator.user.id, title: 'Clay Pots' });
    const email = 'newcomer@example.com';
    expect((await invite(email, ['edit'], creator, id)).statusCode).toBe(201);
    const [mail] = await mailsTo(email);
    expect(mail!.text_body).toContain(inEnglish('mail.collaborators.registerFirst', { email }));

    const unverified = await createUser(ctx.database.db, { email, verified: false });
    const login = await api('POST', 'auth/login', {}, { email, password: unverified.password });
    const headers = { authorization: `Bearer ${login.json().access_token}` };
    if (login.statusCode === 200) {
      expect((await api('GET', 'users/me/collaborations', headers)).json().data).toEqual([]);
      const early = await api('POST', `${teamOf(id)}/accept`, headers);
      expect(early.statusCode).toBe(403);
      expect(early.json().message).toBe(inEnglish(COLLABORATOR_MESSAGES.verifyFirst));
    }
    await ctx.database.db
      .updateTable('users')
      .set({ email_verified_at: new Date() })
      .where('id', '=', unverified.id)
      .execute();
    const verified = await api('POST', 'auth/login', {}, { email, password: unverified.password });
    const signedIn = { authorization: `Bearer ${verified.json().access_token}` };
    expect((await api('GET', 'users/me/collaborations', signedIn)).json().data).toHaveLength(1);
    expect((await api('POST', `${teamOf(id)}/accept`, signedIn)).statusCode).toBe(200);
    expect((await api('GET', `projects/drafts/${id}`, signedIn)).statusCode).toBe(200);
  });

  it('declining tells the creator; a withdrawn invitation cannot be accepted', async () => {
    const id = await createProjectRow(ctx.database.db, { creatorId: creator.user.id, title: 'Looms' });
    const dora = await signedInUser(ctx, { full_name: 'Dora Decline' });
    await invite(dora.user.email, ['edit'], creator, id);
    const declined = await api('POST', `${teamOf(id)}/decline`, dora.headers);
    expect(declined.statusCode, declined.body).toBe(200);
    const notices = await api('GET', 'notifications', creator.headers);
    expect(JSON.stringify(notices.json())).toContain(
      inEnglish('api.notification.collaboratorDeclined', { person: 'Dora Decline', project: 'Looms' }),
    );
    expect((await api('GET', teamOf(id), creator.headers)).json().data).toEqual([]);

    const walt = await signedInUser(ctx);
    await invite(walt.user.email, ['edit'], creator, id);
    const withdrawn = await api('DELETE', `${teamOf(id)}/${walt.user.id}`, creator.headers);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const late = await api('POST', `${teamOf(id)}/accept`, { ...walt.headers, 'accept-language': 'pt-BR' });
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe(inLocale('pt-BR', COLLABORATOR_MESSAGES.noInvitation));

    // An invitation to an address with no account is withdrawn by its id.
    const pending = await invite('nobody-yet@example.com', ['edit'], creator, id);
    const gone = await api('DELETE', `${teamOf(id)}/invitations/${pending.json().data.id}`, creator.headers);
    expect(gone.statusCode).toBe(200);
    expect((await api('GET', teamOf(id), creator.headers)).json().data).toEqual([]);
  });

  it('removal and a change of permissions take effect on the next request', async () => {
    const id = await createProjectRow(ctx.database.db, { creatorId: creator.user.id });
    const helper = await signedInUser(ctx);
    await invite(helper.user.email, ['edit'], creator, id);
    await api('POST', `${teamOf(id)}/accept`, helper.headers);
    const faq = { question: 'Q?', answer: 'A.' };
    expect((await api('POST', `projects/${id}/faqs`, helper.headers, faq)).statusCode).toBe(201);

    const changed = await api('PUT', `${teamOf(id)}/${helper.user.id}`, creator.headers, {
      permissions: ['fulfilment'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.permissions).toEqual(['fulfilment']);
    expect((await api('POST', `projects/${id}/faqs`, helper.headers, faq)).statusCode).toBe(403);
    expect((await api('GET', `projects/${id}/backers`, helper.headers)).statusCode).toBe(200);

    expect((await api('DELETE', `${teamOf(id)}/${helper.user.id}`, creator.headers)).statusCode).toBe(200);
    const after = await api('GET', `projects/${id}/backers`, { ...helper.headers, 'accept-language': 'ar' });
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toBe(inLocale('ar', 'api.tools.onlyCreatorOrAdmin'));
    const again = await api('DELETE', `${teamOf(id)}/${helper.user.id}`, creator.headers);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(inEnglish(COLLABORATOR_MESSAGES.notOnTeam));
    expect((await auditOf(id)).map((row) => row.action)).toEqual([
      'collaborator.invite',
      'collaborator.accept',
      'collaborator.change',
      'collaborator.remove',
    ]);
  });

  it('a collaborator sees a draft they help with; an edit collaborator may not send it for review', async () => {
    const id = await createProjectRow(ctx.database.db, { creatorId: creator.user.id, status: 'DRAFT' });
    const editor = await signedInUser(ctx);
    const stranger = await signedInUser(ctx);
    await invite(editor.user.email, ['edit'], creator, id);
    expect((await api('GET', `projects/${id}`, editor.headers)).statusCode).toBe(404);
    await api('POST', `${teamOf(id)}/accept`, editor.headers);
    expect((await api('GET', `projects/${id}`, editor.headers)).statusCode).toBe(200);
    expect((await api('GET', `projects/${id}`, stranger.headers)).statusCode).toBe(404);
    expect((await api('GET', 'users/me/collaborations', editor.headers)).json().data[0].project.status).toBe(
      'DRAFT',
    );
  });

  it('a silenced creator still manages the team and a silenced invitee answers; a suspended one is refused', async () => {
    const silenced = await signedInUser(ctx);
    const suspended = await signedInUser(ctx);
    const quietCreator = await signedInUser(ctx);
    const id = await createProjectRow(ctx.database.db, { creatorId: quietCreator.user.id });
    await act.silence(quietCreator);
    await act.silence(silenced);
    expect((await invite(silenced.user.email, ['edit'], quietCreator, id)).statusCode).toBe(201);
    expect((await invite(suspended.user.email, ['edit'], quietCreator, id)).statusCode).toBe(201);
    expect((await api('GET', teamOf(id), quietCreator.headers)).statusCode).toBe(200);
    expect((await api('POST', `${teamOf(id)}/accept`, silenced.headers)).statusCode).toBe(200);
    await act.suspend(suspended);
    for (const [method, url] of [
      ['POST', `${teamOf(id)}/accept`],
      ['POST', `${teamOf(id)}/decline`],
      ['GET', 'users/me/collaborations'],
      ['GET', teamOf(id)],
      ['POST', teamOf(id)],
    ] as const) {
      const refused = await api(method, url, suspended.headers, method === 'POST' ? {} : undefined);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().error).toBe('ACCOUNT_SUSPENDED');
    }
  });
});
