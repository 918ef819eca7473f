import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CollaboratorPermission, COLLABORATOR_MESSAGES } from '@fundry/shared';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { inEnglish } from '../../test/i18n';
import { firstCategoryId, inDays, sendProject } from '../../test/projects';
import { permissionColumns } from './collaborators.repository';

type User = Awaited<ReturnType<typeof signedInUser>>;
type Headers = Record<string, string>;
type Response = Awaited<ReturnType<TestContext['app']['inject']>>;

/** Everyone a project-scoped call may come from (DESIGN.md §19). */
const CALLERS = [
  'creator',
  'edit',
  'community',
  'fulfilment',
  'removed',
  'stranger',
  'admin',
  'anonymous',
] as const;
type Caller = (typeof CALLERS)[number];

/** One row: a call, and the status each caller gets, in CALLERS' order. */
type Row = [
  name: string,
  call: (who: Caller, headers: Headers) => Promise<Response>,
  statuses: readonly [number, number, number, number, number, number, number, number],
];

describe.each(databaseKinds)('the permission matrix of a project’s endpoints on %s', (kind) => {
  let ctx: TestContext;
  const users = {} as Record<Exclude<Caller, 'anonymous'>, User>;
  let backer: User;
  /** The project every row reads and writes (flexible: a pledge is collected at once). */
  let projectId: number;
  let donationId: number;
  let commentId: number;
  let updateId: number;
  let rewardId: number;
  let addOnId: number;
  let goalId: number;
  let faqId: number;

  const headersOf = (who: Caller): Headers => (who === 'anonymous' ? {} : users[who].headers);
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });
  const creatorMade = async (method: 'POST', url: string, payload: object) => {
    const made = await api(method, url, users.creator.headers, payload);
    expect(made.statusCode, made.body).toBe(201);
    return made.json<{ data: { id: number } }>().data.id;
  };

  async function addMember(project: number, user: User, permissions: CollaboratorPermission[]) {
    await ctx.database.db
      .insertInto('project_collaborators')
      .values({
        project_id: project,
        email: user.user.email,
        user_id: user.user.id,
        accepted_at: new Date(),
        invited_by: users.creator.user.id,
        ...permissionColumns(permissions),
      })
      .execute();
  }

  /** A project of the creator with the three members and a removed one, for a row that changes it for good. */
  async function teamProject() {
    const id = await createProjectRow(ctx.database.db, {
      creatorId: users.creator.user.id,
      fundingModel: 'flexible',
      categoryId: await firstCategoryId(ctx),
    });
    await addMember(id, users.edit, ['edit']);
    await addMember(id, users.community, ['community']);
    await addMember(id, users.fulfilment, ['fulfilment']);
    await addMember(id, users.removed, ['edit', 'community', 'fulfilment']);
    const removal = await api(
      'DELETE',
      `projects/${id}/collaborators/${users.removed.user.id}`,
      users.creator.headers,
    );
    expect(removal.statusCode, removal.body).toBe(200);
    return id;
  }

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    for (const who of CALLERS) {
      if (who === 'anonymous') continue;
      users[who] = await signedInUser(ctx, { full_name: `The ${who}`, admin: who === 'admin' });
    }
    backer = await signedInUser(ctx, { full_name: 'Bea Backer' });
    projectId = await teamProject();
    rewardId = await creatorMade('POST', `rewards/projects/${projectId}/rewards`, reward);
    donationId = await backProject(ctx, backer.headers, projectId, { amount: 60, reward_id: rewardId });
    commentId = await creatorMade('POST', `projects/${projectId}/comments`, { body: 'Hello' });
    updateId = await creatorMade('POST', `projects/${projectId}/updates`, {
      title: 'Week one',
      body: '<p>We began.</p>',
      visibility: 'public',
    });
    addOnId = await creatorMade('POST', `projects/${projectId}/add-ons`, addOn);
    goalId = await creatorMade('POST', `projects/${projectId}/stretch-goals`, goal(5000));
    faqId = await creatorMade('POST', `projects/${projectId}/faqs`, faq);
  });
  afterAll(() => ctx.close());

  const reward = {
    title: 'Lantern',
    description: 'One lantern',
    minimum_amount: 59,
    estimated_delivery_date: inDays(90),
  };
  const addOn = { title: 'Spare cell', price: 9 };
  let goals = 10_000;
  const goal = (amount = (goals += 100)) => ({ amount, title: `At ${amount}`, description: '' });
  const faq = { question: 'When?', answer: 'Soon.' };
  const update = { title: 'News', body: '<p>Things happened.</p>', visibility: 'public' };
  /** A comment of the backer, for a row that removes one. */
  const backerComment = async () => {
    const made = await api('POST', `projects/${projectId}/comments`, backer.headers, { body: 'Hi team' });
    expect(made.statusCode, made.body).toBe(201);
    return made.json<{ data: { id: number } }>().data.id;
  };
  let invitations = 0;

  const P = () => `projects/${projectId}`;
  //                                       creator edit community fulfil removed stranger admin anon
  const rows: Row[] = [
    ['GET project', (_, h) => api('GET', P(), h), [200, 200, 200, 200, 200, 200, 200, 200]],
    ['GET roles', (_, h) => api('GET', `${P()}/roles`, h), [200, 200, 200, 200, 200, 200, 200, 200]],
    [
      'GET edit form',
      (_, h) => api('GET', `projects/drafts/${projectId}`, h),
      [200, 200, 404, 404, 404, 404, 200, 401],
    ],
    [
      'PUT project (story)',
      async (_, h) =>
        sendProject(ctx, 'PUT', P(), h, {
          title: 'Lanterns for all',
          category_id: String(await firstCategoryId(ctx)),
          description: '<p>A better story.</p>',
        }),
      [200, 200, 404, 404, 404, 404, 403, 401],
    ],
    [
      'POST reward',
      (_, h) => api('POST', `rewards/${P()}/rewards`, h, reward),
      [201, 201, 403, 403, 403, 403, 201, 401],
    ],
    [
      'PUT reward',
      (_, h) => api('PUT', `rewards/${P()}/rewards/${rewardId}`, h, reward),
      [200, 200, 403, 403, 403, 403, 200, 401],
    ],
    [
      'DELETE reward',
      async (_, h) => {
        const id = await creatorMade('POST', `rewards/${P()}/rewards`, reward);
        return api('DELETE', `rewards/${P()}/rewards/${id}`, h);
      },
      [200, 200, 403, 403, 403, 403, 200, 401],
    ],
    [
      'POST add-on',
      (_, h) => api('POST', `${P()}/add-ons`, h, addOn),
      [201, 201, 403, 403, 403, 403, 201, 401],
    ],
    [
      'PUT add-on',
      (_, h) => api('PUT', `${P()}/add-ons/${addOnId}`, h, addOn),
      [200, 200, 403, 403, 403, 403, 200, 401],
    ],
    [
      'DELETE add-on',
      async (_, h) =>
        api('DELETE', `${P()}/add-ons/${await creatorMade('POST', `${P()}/add-ons`, addOn)}`, h),
      [200, 200, 403, 403, 403, 403, 200, 401],
    ],
    [
      'POST stretch goal',
      (_, h) => api('POST', `${P()}/stretch-goals`, h, goal()),
      [201, 201, 403, 403, 403, 403, 201, 401],
    ],
    [
      'PUT stretch goal',
      (_, h) => api('PUT', `${P()}/stretch-goals/${goalId}`, h, goal(5000)),
      [200, 200, 403, 403, 403, 403, 200, 401],
    ],
    [
      'DELETE stretch goal',
      async (_, h) =>
        api('DELETE', `${P()}/stretch-goals/${await creatorMade('POST', `${P()}/stretch-goals`, goal())}`, h),
      [200, 200, 403, 403, 403, 403, 200, 401],
    ],
    [
      'PUT late pledges',
      (_, h) => api('PUT', `${P()}/late-pledges`, h, { open: false }),
      [200, 200, 403, 403, 403, 403, 200, 401],
    ],
    ['POST FAQ', (_, h) => api('POST', `${P()}/faqs`, h, faq), [201, 201, 403, 403, 403, 403, 403, 401]],
    [
      'PUT FAQ',
      (_, h) => api('PUT', `${P()}/faqs/${faqId}`, h, faq),
      [200, 200, 403, 403, 403, 403, 403, 401],
    ],
    [
      'DELETE FAQ',
      async (_, h) => api('DELETE', `${P()}/faqs/${await creatorMade('POST', `${P()}/faqs`, faq)}`, h),
      [200, 200, 403, 403, 403, 403, 403, 401],
    ],
    [
      'POST update',
      (_, h) => api('POST', `${P()}/updates`, h, update),
      [201, 403, 201, 403, 403, 403, 403, 401],
    ],
    [
      'PUT update',
      (_, h) => api('PUT', `${P()}/updates/${updateId}`, h, update),
      [200, 403, 200, 403, 403, 403, 403, 401],
    ],
    [
      'DELETE update',
      async (_, h) =>
        api('DELETE', `${P()}/updates/${await creatorMade('POST', `${P()}/updates`, update)}`, h),
      [200, 403, 200, 403, 403, 403, 403, 401],
    ],
    [
      'POST reply as the team',
      (_, h) => api('POST', `${P()}/comments`, h, { body: 'Thanks!', parent_id: commentId }),
      [201, 403, 201, 403, 403, 403, 403, 401],
    ],
    [
      'DELETE another’s comment',
      async (_, h) => api('DELETE', `comments/${await backerComment()}`, h),
      [200, 403, 200, 403, 403, 403, 200, 401],
    ],
    ['GET backers', (_, h) => api('GET', `${P()}/backers`, h), [200, 403, 403, 200, 403, 403, 200, 401]],
    [
      'GET backers CSV',
      (_, h) => api('GET', `${P()}/backers.csv`, h),
      [200, 403, 403, 200, 403, 403, 200, 401],
    ],
    [
      'POST mark rewards sent',
      (_, h) => api('POST', `${P()}/backers/fulfilment`, h, { status: 'sent', donation_ids: [donationId] }),
      [200, 403, 403, 200, 403, 403, 200, 401],
    ],
    [
      'POST mark one reward sent',
      (_, h) => api('POST', `backers/donations/${donationId}/fulfilment`, h, { status: 'sent' }),
      [200, 404, 404, 200, 404, 404, 200, 401],
    ],
    [
      'POST refund a pledge',
      async (_, h) => {
        const someone = await signedInUser(ctx);
        const id = await backProject(ctx, someone.headers, projectId, { amount: 12 });
        return api('POST', `backers/donations/${id}/refund`, h);
      },
      [200, 404, 404, 404, 404, 404, 200, 401],
    ],
    [
      'GET funding curve',
      (_, h) => api('GET', `${P()}/stats/daily`, h),
      [200, 403, 403, 403, 403, 403, 200, 401],
    ],
    ['GET survey', (_, h) => api('GET', `${P()}/survey`, h), [200, 403, 403, 200, 403, 403, 200, 401]],
    [
      'PUT survey',
      (_, h) => api('PUT', `${P()}/survey`, h, { questions: [] }),
      [200, 403, 403, 200, 403, 403, 200, 401],
    ],
    [
      'POST send survey',
      (_, h) => api('POST', `${P()}/survey/send`, h),
      [409, 403, 403, 409, 403, 403, 409, 401],
    ],
    [
      'POST lock survey',
      (_, h) => api('POST', `${P()}/survey/lock`, h),
      [409, 403, 403, 409, 403, 403, 409, 401],
    ],
    [
      'POST message backers',
      (_, h) => api('POST', `${P()}/messages/bulk`, h, { body: 'Shipping soon.' }),
      [200, 403, 403, 200, 403, 403, 403, 401],
    ],
    [
      'GET blocked people',
      (_, h) => api('GET', `${P()}/blocked-users`, h),
      [200, 403, 403, 403, 403, 403, 200, 401],
    ],
    [
      'POST block a person',
      (_, h) => api('POST', `${P()}/blocked-users`, h, { user_id: backer.user.id }),
      [201, 403, 403, 403, 403, 403, 403, 401],
    ],
    [
      'DELETE a block',
      (_, h) => api('DELETE', `${P()}/blocked-users/${backer.user.id}`, h),
      [200, 403, 403, 403, 403, 403, 403, 401],
    ],
    [
      'GET payout eligibility',
      (_, h) => api('GET', `payouts/${P()}/payout/eligibility`, h),
      [200, 403, 403, 403, 403, 403, 403, 401],
    ],
    [
      'GET payouts',
      (_, h) => api('GET', `payouts/${P()}/payouts`, h),
      [200, 403, 403, 403, 403, 403, 403, 401],
    ],
    [
      'POST payout',
      (_, h) => api('POST', `payouts/${P()}/payouts`, h, { amount: 1 }),
      [422, 403, 403, 403, 403, 403, 403, 401],
    ],
    [
      'POST cancel the campaign',
      async (_, h) => api('POST', `projects/${await teamProject()}/cancel`, h, { message: 'We stop.' }),
      [200, 403, 403, 403, 403, 403, 403, 401],
    ],
    ['GET team', (_, h) => api('GET', `${P()}/collaborators`, h), [200, 403, 403, 403, 403, 403, 403, 401]],
    [
      'POST invite',
      (_, h) =>
        api('POST', `${P()}/collaborators`, h, {
          email: `friend${(invitations += 1)}@example.com`,
          permissions: ['edit'],
        }),
      [201, 403, 403, 403, 403, 403, 403, 401],
    ],
    [
      'PUT permissions',
      (_, h) => api('PUT', `${P()}/collaborators/${users.edit.user.id}`, h, { permissions: ['edit'] }),
      [200, 403, 403, 403, 403, 403, 403, 401],
    ],
    [
      'DELETE a collaborator',
      async (_, h) => {
        const id = await teamProject();
        return api('DELETE', `projects/${id}/collaborators/${users.community.user.id}`, h);
      },
      [200, 403, 403, 403, 403, 403, 403, 401],
    ],
  ];

  it.each(rows)('%s', async (_name, call, statuses) => {
    const got: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const [index, who] of CALLERS.entries()) {
      const response = await call(who, headersOf(who));
      got[who] = response.statusCode;
      expected[who] = statuses[index]!;
      // A refusal is said in the caller's language (English here), never an empty body.
      if (response.statusCode === 403) expect(response.json().message, response.body).toBeTruthy();
    }
    expect(got).toEqual(expected);
  });

  it('the team’s refusals name what only the creator may do', async () => {
    const refused = await api('GET', `${P()}/collaborators`, users.fulfilment.headers);
    expect(refused.json().message).toBe(inEnglish(COLLABORATOR_MESSAGES.onlyCreator));
  });

  it('tells each caller their own permissions, and none to a removed collaborator', async () => {
    const roles = async (who: Caller) =>
      (await api('GET', `${P()}/roles`, headersOf(who))).json<{
        data: { roles: string[]; my_permissions: string[] };
      }>().data;
    expect(await roles('edit')).toEqual({
      roles: ['collaborator'],
      isCreator: false,
      my_permissions: ['edit'],
    });
    expect((await roles('fulfilment')).my_permissions).toEqual(['fulfilment']);
    expect((await roles('creator')).my_permissions).toEqual([]);
    expect((await roles('removed')).my_permissions).toEqual([]);
    expect((await roles('anonymous')).roles).toEqual([]);
  });
});
