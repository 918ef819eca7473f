import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TokenResponse } from '@fundry/shared';
import type { DB } from '../../src/db/schema';
import { DEFAULT_TEST_PASSWORD } from '../../src/db/seed/factories';
import { grantRole } from '../../src/modules/users/users.repository';
import { inDays } from '../../src/test/projects';
import { type FilePart, multipart } from '../../src/test/multipart';
import type { HttpClient, HttpResponse } from './http';

function expectStatus(response: HttpResponse, status: number, what: string) {
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${response.text()}`);
}

export interface Person {
  id: number;
  email: string;
  password: string;
  tokens: TokenResponse;
  /** The person's browser, signed in. */
  client: HttpClient;
}

/**
 * Registers through the API and signs in. The verification mail is not what these tests are about, so
 * the address is marked verified in the database (and the Admin role granted there when asked for).
 */
export async function registerAndSignIn(
  client: HttpClient,
  db: Kysely<DB>,
  { admin = false } = {},
): Promise<Person> {
  const username = `r_${randomBytes(5).toString('hex')}`;
  const email = `${username}@example.test`;
  const registered = await client.post('/api/v1/auth/register', {
    json: { username, email, password: DEFAULT_TEST_PASSWORD, full_name: `Resilient ${username}` },
  });
  expectStatus(registered, 201, 'register');
  await db.updateTable('users').set({ email_verified_at: new Date() }).where('email', '=', email).execute();
  if (admin) await grantRole(db, email, 'Admin');
  const tokens = await signIn(client, email, DEFAULT_TEST_PASSWORD);
  return {
    id: tokens.data.user.id,
    email,
    password: DEFAULT_TEST_PASSWORD,
    tokens,
    client: client.withToken(tokens.access_token),
  };
}

export async function signIn(client: HttpClient, email: string, password: string): Promise<TokenResponse> {
  const response = await client.post('/api/v1/auth/login', { json: { email, password } });
  expectStatus(response, 200, 'login');
  return response.json<TokenResponse>();
}

export async function ensureCategory(db: Kysely<DB>): Promise<number> {
  const existing = await db.selectFrom('categories').select('id').orderBy('id').executeTakeFirst();
  if (existing) return existing.id;
  const created = await db
    .insertInto('categories')
    .values({ name: 'Technology' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

/** The create page's form, sent as multipart/form-data. */
export async function projectForm(
  db: Kysely<DB>,
  overrides: Record<string, string> = {},
  files: FilePart[] = [],
) {
  return multipart(
    {
      title: `Resilient lantern ${randomBytes(3).toString('hex')}`,
      category_id: String(await ensureCategory(db)),
      goal_amount: '5000',
      start_date: inDays(0),
      end_date: inDays(30),
      description: '<p>A lantern that charges in the sun and lights a room all night.</p>',
      risk_and_challenges: '<p>Battery supply could slip by a month.</p>',
      ...overrides,
    },
    files,
  );
}

/** A project submitted by `creator` and activated by `admin`, through the API. */
export async function createActiveProject(
  creator: Person,
  admin: Person,
  db: Kysely<DB>,
  overrides: Record<string, string> = {},
): Promise<number> {
  const form = await projectForm(db, overrides);
  const created = await creator.client.post('/api/v1/projects', {
    body: form.payload,
    headers: form.headers,
  });
  expectStatus(created, 201, 'create project');
  const id = created.json<{ data: { id: number } }>().data.id;
  expectStatus(await admin.client.post(`/api/v1/projects/${id}/activate`), 200, 'activate project');
  return id;
}

export async function createReward(creator: Person, projectId: number, quantity: number, minimum = 5) {
  const response = await creator.client.post(`/api/v1/rewards/projects/${projectId}/rewards`, {
    json: {
      title: 'Early lantern',
      description: 'One of the first lanterns off the line',
      minimum_amount: minimum,
      quantity_available: quantity,
      estimated_delivery_date: inDays(60),
    },
  });
  expectStatus(response, 201, 'create reward');
  return response.json<{ data: { id: number } }>().data.id;
}

export interface Pledge {
  donationId: number;
  checkoutUrl: string;
}

export async function pledge(backer: Person, projectId: number, amount: number, rewardId?: number) {
  const response = await backer.client.post(`/api/v1/backers/projects/${projectId}/back`, {
    json: { amount, currency: 'USD', ...(rewardId ? { reward_id: rewardId } : {}) },
  });
  expectStatus(response, 201, 'pledge');
  const { data } = response.json<{ data: { donation_id: number; checkout_url: string } }>();
  return { donationId: data.donation_id, checkoutUrl: data.checkout_url };
}

/** Clicks Pay on the sandbox checkout page of a flexible pledge, through `client`'s instance. */
export function payInSandbox(client: HttpClient, checkout: Pledge) {
  return client.post(`${new URL(checkout.checkoutUrl).pathname}/pay`, { form: {} });
}

/** Saves Stripe's good test card on the sandbox checkout of an all-or-nothing pledge. */
export function saveCardInSandbox(client: HttpClient, checkout: Pledge) {
  return client.post(`${new URL(checkout.checkoutUrl).pathname}/card`, {
    form: { card_number: '4242 4242 4242 4242' },
  });
}

/** A payment is acknowledged when the checkout sends the browser on to the success page. */
export function isPaymentAcknowledged(response: HttpResponse, checkout: Pledge) {
  return (
    response.status === 303 &&
    response.headers.location?.endsWith(`/donation/success?donation_id=${checkout.donationId}`) === true
  );
}

/** A project's counters beside what its succeeded donations and its ledger say (src/test/backing.ts). */
export async function moneyOf(db: Kysely<DB>, projectId: number) {
  const project = await db
    .selectFrom('projects')
    .select(['current_cents', 'backers_count', 'status'])
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  const ledger = await db
    .selectFrom('ledger_entries')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('gross_cents'), eb.val(0)).as('gross'),
      eb.fn.count<number>('id').as('rows'),
    ])
    .where('project_id', '=', projectId)
    .where('kind', 'in', ['donation', 'refund'])
    .executeTakeFirstOrThrow();
  const donations = await db
    .selectFrom('donations')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.val(0)).as('sum'),
      eb.fn.count<number>('id').as('count'),
      eb.fn.count<number>('donor_id').distinct().as('backers'),
    ])
    .where('project_id', '=', projectId)
    .where('status', '=', 'SUCCEEDED')
    .executeTakeFirstOrThrow();
  return {
    status: project.status,
    counters: { cents: Number(project.current_cents), backers: project.backers_count },
    succeeded: {
      cents: Number(donations.sum),
      backers: Number(donations.backers),
      count: Number(donations.count),
    },
    ledger: { gross: Number(ledger.gross), rows: Number(ledger.rows) },
  };
}

/** Polls `check` until it returns something truthy, or fails with `what` after `timeoutMs`. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined | null | false>,
  timeoutMs: number,
  intervalMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
