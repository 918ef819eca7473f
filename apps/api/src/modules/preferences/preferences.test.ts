import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_MESSAGES } from '@fundry/shared';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { linkIn, type MailCatcher, startMailCatcher } from '../../test/mail-catcher';
import { insertNotifications } from '../notifications/notifications.repository';
import { inEnglish } from '../../test/i18n';

type User = Awaited<ReturnType<typeof signedInUser>>;
const ALL_ON = {
  email_updates: true,
  email_comments: true,
  email_pledges: true,
  email_reminders: true,
  email_messages: true,
  email_launches: true,
};

describe.each(databaseKinds)('preferences, notifications and unsubscribe on %s', (kind) => {
  let ctx: TestContext;
  let mailbox: MailCatcher;
  let alice: User;
  let bob: User;

  beforeAll(async () => {
    mailbox = await startMailCatcher();
    ctx = await createTestApp(kind, {
      SMTP_URL: mailbox.url,
      APP_URL: 'http://fundry.test',
      PAYMENTS_PROVIDER: 'sandbox',
    });
    alice = await signedInUser(ctx, { full_name: 'Alice Creator' });
    bob = await signedInUser(ctx, { full_name: 'Bob Backer' });
  });
  afterAll(async () => {
    await ctx.close();
    await mailbox.close();
  });

  const db = () => ctx.database.db;
  const api = (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => ctx.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });
  const prefsOf = async (who: User) => {
    const response = await api('GET', 'users/me/preferences', who.headers);
    expect(response.statusCode).toBe(200);
    return response.json().data.preferences;
  };

  describe('preferences', () => {
    it('needs a session', async () => {
      expect((await api('GET', 'users/me/preferences')).statusCode).toBe(401);
      expect((await api('PUT', 'users/me/preferences', {}, { email_updates: false })).statusCode).toBe(401);
    });

    it('are all on by default, saved per person, and partial updates keep the rest', async () => {
      const carol = await signedInUser(ctx);
      const dave = await signedInUser(ctx);
      expect(await prefsOf(carol)).toEqual(ALL_ON);
      const saved = await api('PUT', 'users/me/preferences/', carol.headers, {
        email_updates: false,
        email_reminders: false,
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().data.preferences).toEqual({
        ...ALL_ON,
        email_updates: false,
        email_reminders: false,
      });
      await api('PUT', 'users/me/preferences', carol.headers, { email_reminders: true });
      expect(await prefsOf(carol)).toEqual({ ...ALL_ON, email_updates: false });
      // Someone else's are untouched: a person only ever reads and writes their own.
      expect(await prefsOf(dave)).toEqual(ALL_ON);
    });

    it('refuse unknown fields and non-booleans', async () => {
      const wrongType = await api('PUT', 'users/me/preferences', alice.headers, { email_updates: 'no' });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json().error).toBe('VALIDATION_ERROR');
      const unknown = await api('PUT', 'users/me/preferences', alice.headers, { user_id: bob.user.id });
      expect(unknown.statusCode).toBe(400);
    });
  });

  describe('notifications', () => {
    it('need a session', async () => {
      expect((await api('GET', 'notifications')).statusCode).toBe(401);
      expect((await api('POST', 'notifications/read-all')).statusCode).toBe(401);
      expect((await api('POST', 'notifications/1/read')).statusCode).toBe(401);
    });

    it('are each person’s own: listed with their link, paged, read one by one or all at once', async () => {
      const erin = await signedInUser(ctx);
      const frank = await signedInUser(ctx);
      const projectId = await createProjectRow(db(), { creatorId: erin.user.id });
      await insertNotifications(db(), [
        ...Array.from({ length: 5 }, (_, i) => ({
          userId: erin.user.id,
          type: 'PLEDGE',
          message: { key: `Note ${i + 1}` },
          projectId,
        })),
        {
          userId: erin.user.id,
          type: 'PROJECT_UPDATE',
          message: { key: 'An update' },
          projectId,
          link: `/projects/${projectId}/updates/7`,
        },
        { userId: frank.user.id, type: 'PLEDGE', message: { key: 'Frank’s' }, projectId },
      ]);
      const page1 = (await api('GET', 'notifications?per_page=4&page=1', erin.headers)).json().data;
      expect(page1.total).toBe(6);
      expect(page1.unread_count).toBe(6);
      expect(page1.notifications).toHaveLength(4);
      expect(page1.notifications[0]).toMatchObject({
        message: 'An update',
        link: `/projects/${projectId}/updates/7`,
      });
      expect(page1.notifications[1]).toMatchObject({ link: null, project_id: projectId });
      const page2 = (await api('GET', 'notifications?per_page=4&page=2', erin.headers)).json().data;
      expect(page2.notifications.map((n: { message: string }) => n.message)).toEqual(['Note 2', 'Note 1']);

      // Frank can neither see nor read Erin's.
      const franks = (await api('GET', 'notifications', frank.headers)).json().data;
      expect(franks.notifications.map((n: { message: string }) => n.message)).toEqual(['Frank’s']);
      expect(
        (await api('POST', `notifications/${page1.notifications[0].id}/read`, frank.headers)).statusCode,
      ).toBe(404);

      expect(
        (await api('POST', `notifications/${page1.notifications[0].id}/read`, erin.headers)).statusCode,
      ).toBe(200);
      expect((await api('GET', 'notifications', erin.headers)).json().data.unread_count).toBe(5);
      expect((await api('POST', 'notifications/read-all/', erin.headers)).statusCode).toBe(200);
      const after = (await api('GET', 'notifications?unread_only=true', erin.headers)).json().data;
      expect(after).toMatchObject({ unread_count: 0, total: 0, notifications: [] });
      // Erin marking all hers read leaves Frank's unread.
      expect((await api('GET', 'notifications', frank.headers)).json().data.unread_count).toBe(1);
    });
  });

  describe('one-click unsubscribe', () => {
    const pledgeMailsTo = async (email: string) =>
      db().selectFrom('mail_outbox').select(['subject', 'headers']).where('recipient', '=', email).execute();

    it('a new pledge mails the creator with RFC 8058 headers; POSTing the link turns email_pledges off without a session', async () => {
      const projectId = await createProjectRow(db(), {
        creatorId: alice.user.id,
        title: 'Kettle Cafe',
        fundingModel: 'flexible',
      });
      await backProject(ctx, bob.headers, projectId, { amount: 25 });
      await ctx.app.services.mail.deliverDue();
      const mail = await mailbox.waitFor(
        (m) => m.to === alice.user.email && m.subject === 'New pledge to “Kettle Cafe”',
      );
      expect(mail.text).toContain('Bob Backer pledged $25.00 to “Kettle Cafe”.');
      const link = linkIn(mail, 'http://fundry.test/api/v1/unsubscribe?token=');
      expect(mail.headers['list-unsubscribe']).toBe(`<${link}>`);
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.html).toContain('Unsubscribe</a>');
      // The backer's own receipt is not governed by a preference, so it carries no unsubscribe header.
      const receipt = await mailbox.waitFor((m) => m.to === bob.user.email);
      expect(receipt.headers['list-unsubscribe']).toBeUndefined();

      const url = new URL(link);
      // A person following the link lands on the web page that asks to confirm; nothing changes yet.
      const get = await ctx.app.inject({ method: 'GET', url: url.pathname + url.search });
      expect(get.statusCode).toBe(303);
      expect(get.headers.location).toBe(`http://fundry.test/unsubscribe${url.search}`);
      expect((await prefsOf(alice)).email_pledges).toBe(true);

      // The mail client's one click: a form POST, no cookie, no bearer.
      const post = await ctx.app.inject({
        method: 'POST',
        url: url.pathname + url.search,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(post.statusCode).toBe(200);
      expect(post.json()).toMatchObject({
        data: { preference: 'email_pledges', title: 'Pledges to my projects' },
      });
      expect(post.json().message).toContain('no longer receive e-mails about pledges to my projects');
      expect(await prefsOf(alice)).toEqual({ ...ALL_ON, email_pledges: false });
      // Repeating it is harmless.
      expect((await ctx.app.inject({ method: 'POST', url: url.pathname + url.search })).statusCode).toBe(200);

      // The next pledge still notifies Alice in the app, but mails her nothing.
      const before = (await pledgeMailsTo(alice.user.email)).length;
      const other = await signedInUser(ctx, { full_name: 'Olive Other' });
      await backProject(ctx, other.headers, projectId, { amount: 10 });
      expect((await pledgeMailsTo(alice.user.email)).length).toBe(before);
      const notes = (await api('GET', 'notifications', alice.headers)).json().data.notifications;
      expect(notes.some((n: { message: string }) => n.message.includes('Olive Other'))).toBe(true);
      await api('PUT', 'users/me/preferences', alice.headers, { email_pledges: true });
    });

    it('refuses a tampered or expired token with a clear message, and changes nothing', async () => {
      const links = ctx.app.services.preferences.links;
      const good = links.sign(bob.user.id, 'email_reminders');
      const [payload, signature] = good.split('.') as [string, string];
      const forged = Buffer.from(
        JSON.stringify({ u: alice.user.id, p: 'email_reminders', e: Date.now() + 1e9 }),
      ).toString('base64url');
      for (const token of [`${payload}.${signature.slice(0, -2)}xx`, `${forged}.${signature}`, 'garbage']) {
        const response = await api('POST', `unsubscribe?token=${token}`);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          error: 'INVALID_TOKEN',
          message: inEnglish(UNSUBSCRIBE_MESSAGES.invalid),
        });
      }
      const expired = links.sign(bob.user.id, 'email_reminders', -1000);
      const response = await api('POST', `unsubscribe?token=${expired}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(inEnglish(UNSUBSCRIBE_MESSAGES.expired));
      expect((await api('GET', `unsubscribe/check?token=${expired}`)).json().message).toBe(
        inEnglish(UNSUBSCRIBE_MESSAGES.expired),
      );
      expect((await api('POST', 'unsubscribe')).statusCode).toBe(400);
      expect(await prefsOf(bob)).toEqual(ALL_ON);
      expect(await prefsOf(alice)).toMatchObject({ email_reminders: true });

      const check = await api('GET', `unsubscribe/check?token=${good}`);
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({ data: { preference: 'email_reminders' } });
    });

    it('a changed or cancelled pledge mails the creator only while email_pledges is on', async () => {
      const projectId = await createProjectRow(db(), { creatorId: alice.user.id, title: 'Tea Garden' });
      const gina = await signedInUser(ctx, { full_name: 'Gina Green' });
      const donationId = await backProject(ctx, gina.headers, projectId, { amount: 30 });
      const subjects = async () => (await pledgeMailsTo(alice.user.email)).map((m) => m.subject);
      expect(await subjects()).toContain('New pledge to “Tea Garden”');

      const change = await api('PUT', `backers/donations/${donationId}`, gina.headers, { amount: 40 });
      expect(change.statusCode).toBe(200);
      expect(await subjects()).toContain('A pledge to “Tea Garden” changed');
      const changed = (await pledgeMailsTo(alice.user.email)).find((m) => m.subject.includes('changed'));
      expect(changed?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

      await api('PUT', 'users/me/preferences', alice.headers, { email_pledges: false });
      const cancel = await api('POST', `backers/donations/${donationId}/cancel`, gina.headers);
      expect(cancel.statusCode).toBe(200);
      expect(await subjects()).not.toContain('A pledge to “Tea Garden” was cancelled');
      await api('PUT', 'users/me/preferences', alice.headers, { email_pledges: true });
    });
  });
});
