import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { type APIRequestContext, expect } from '@playwright/test';
import pg from 'pg';
import { DEMO_PASSWORD } from './session';

const root = path.resolve(import.meta.dirname, '../..');

/** The journeys that end a campaign need the app on a PostgreSQL server (see global-setup). */
export const databaseUrl = process.env.E2E_DATABASE_URL;

/** Runs SQL on the app's database, for what a journey cannot do through the app (moving time). */
async function query(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

export const API = '/api/v1';

/** Signs in through the API and answers the bearer header of that account. */
export async function bearer(request: APIRequestContext, email: string) {
  const response = await request.post(`${API}/auth/login`, { data: { email, password: DEMO_PASSWORD } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  const body = (await response.json()) as { access_token: string };
  return { Authorization: `Bearer ${body.access_token}` };
}

/** The date `days` from today, as the API takes it (YYYY-MM-DD, UTC). */
export function isoDate(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** What a journey's campaign differs in; the rest is as any complete project form sends it. */
export interface CampaignDraft {
  title: string;
  goalDollars?: number;
  fundingModel?: 'all_or_nothing' | 'flexible';
  /** Its start and end dates, in days from today. */
  startsIn?: number;
  endsIn?: number;
  /** Offers pledge over time (DESIGN.md §20), set before launch as a creator sets it. */
  pledgeOverTime?: boolean;
}

/** Maya (a creator) submits a campaign through the API as the project form does: it waits for review. */
export async function submitCampaign(
  request: APIRequestContext,
  {
    title,
    goalDollars = 500,
    fundingModel = 'all_or_nothing',
    startsIn = 0,
    endsIn = 10,
    pledgeOverTime = false,
  }: CampaignDraft,
) {
  const creator = await bearer(request, 'maya@fundry.dev');
  const categories = await request.get(`${API}/categories`);
  const [category] = ((await categories.json()) as { data: { id: number }[] }).data;
  const created = await request.post(`${API}/projects`, {
    headers: creator,
    multipart: {
      title,
      category_id: String(category!.id),
      goal_amount: String(goalDollars),
      start_date: isoDate(startsIn),
      end_date: isoDate(endsIn),
      description: '<p>A campaign made for a journey.</p>',
      risk_and_challenges: '<p>None.</p>',
      funding_model: fundingModel,
      ...(pledgeOverTime ? { pledge_over_time: 'true' } : {}),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { id: ((await created.json()) as { data: { id: number } }).data.id, creator };
}

/** The admin activates a submitted project, as from the review queue. */
export async function activateCampaign(request: APIRequestContext, projectId: number) {
  const activated = await request.post(`${API}/projects/${projectId}/activate`, {
    headers: await bearer(request, 'admin@fundry.dev'),
  });
  expect(activated.status(), await activated.text()).toBe(200);
}

/**
 * A running campaign for one journey (all-or-nothing unless told), made as people make one: Maya (a creator)
 * submits it with a digital reward and a shipped one (US $5, rest of the world $15), and the admin activates it.
 */
export async function createCampaign(
  request: APIRequestContext,
  title: string,
  goalDollars: number,
  fundingModel: 'all_or_nothing' | 'flexible' = 'all_or_nothing',
  { pledgeOverTime = false }: Pick<CampaignDraft, 'pledgeOverTime'> = {},
) {
  const { id: projectId, creator } = await submitCampaign(request, {
    title,
    goalDollars,
    fundingModel,
    pledgeOverTime,
  });
  const rewards = [
    { title: 'Digital thanks', description: 'A thank-you video', minimum_amount: 5, shipping_type: 'none' },
    {
      title: 'Kettle',
      description: 'The kettle, shipped',
      minimum_amount: 20,
      quantity_available: 10,
      shipping_type: 'international',
      shipping_rules: [
        { country: 'US', cost: 5 },
        { country: '*', cost: 15 },
      ],
    },
  ];
  for (const reward of rewards) {
    const response = await request.post(`${API}/rewards/projects/${projectId}/rewards`, {
      headers: creator,
      data: { ...reward, estimated_delivery_date: isoDate(60) },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  await activateCampaign(request, projectId);
  return projectId;
}

/**
 * Ends a campaign as time would: its dates move into the past in the app's database, then the jobs that run
 * every minute (settlement, then the collection of saved cards) run once, now, through `npm run jobs`.
 */
export async function endCampaign(projectId: number, baseUrl: string) {
  await query(
    `update projects set start_date = current_date - 30, end_date = current_date - 1 where id = $1`,
    [projectId],
  );
  await runJobs(baseUrl, 'campaign-settlement', 'pledge-collection');
}

/** Runs scheduled jobs once against the app's database, as an operator would. */
export async function runJobs(baseUrl: string, ...jobs: string[]) {
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/api/src/cli/run-jobs.ts'), ...jobs],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATA_DIR: process.env.E2E_DATA_DIR,
        APP_URL: baseUrl,
        SMTP_URL: process.env.E2E_SMTP_URL,
        LOG_LEVEL: 'warn',
      },
    },
  );
}

/**
 * A backer pledges through the API and completes the sandbox checkout as its form would: an all-or-nothing pledge
 * saves a test card; a flexible one pays at once.
 */
export async function pledgeWithCard(
  request: APIRequestContext,
  email: string,
  projectId: number,
  amount: number,
  checkout: 'save card' | 'pay' = 'save card',
) {
  const response = await request.post(`${API}/backers/projects/${projectId}/back`, {
    headers: await bearer(request, email),
    data: { amount, currency: 'USD' },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { checkout_url } = ((await response.json()) as { data: { checkout_url: string } }).data;
  const completed = await request.post(
    `${new URL(checkout_url).pathname}/${checkout === 'pay' ? 'pay' : 'card'}`,
    checkout === 'pay'
      ? { maxRedirects: 0 }
      : { form: { card_number: '4242 4242 4242 4242' }, maxRedirects: 0 },
  );
  expect(completed.status()).toBe(303);
  expect(completed.headers().location).not.toContain('/donation/cancel');
}
