/**
 * The benchmark's data: a realistic volume made with set-based SQL (INSERT … SELECT over generate_series, no
 * row-by-row round trips), on a PostgreSQL server or on PGlite, then checked with SQL: counters equal the sums
 * of the donations behind them, and the ledger holds exactly the rows the payment service writes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { percentOfCents, richTextToPlain } from '../packages/shared/src';
import {
  backerCurrencyTotalMismatchesSql,
  backerSummaryMismatchesSql,
  backingMismatchesSql,
  inboxCounterMismatchesSql,
} from '../apps/api/src/db/checks';
import { createDatabase, type Database } from '../apps/api/src/db/database';
import { LIVE_PLEDGES } from '../apps/api/src/db/literals';
import { migrateToLatest } from '../apps/api/src/db/migrate';
import type { DB } from '../apps/api/src/db/schema';
import { DEMO_CATEGORIES } from '../apps/api/src/db/seed/categories';
import { DEMO_RATES_XML } from '../apps/api/src/db/seed/rates';
import { baseRateBy } from '../apps/api/src/modules/fx-rates/base-rates';
import { parseEcbXml } from '../apps/api/src/modules/fx-rates/ecb-feed';
import { hashPassword } from '../apps/api/src/modules/auth/passwords';
import { processingFeeCents } from '../apps/api/src/modules/payments/provider';
import { seconds } from './results';

/** The platform fee the app charges by default (PLATFORM_FEE_PERCENT); the bench starts the app with it. */
export const PLATFORM_FEE_PERCENT = 5;

/** BENCH_SCALE (0 < scale ≤ 10) shrinks every volume, for trying the suite quickly, or grows it: the usual run uses 1, the large one 10. */
export const SCALE = Number(process.env.BENCH_SCALE ?? 1);
if (!(SCALE > 0 && SCALE <= 10)) throw new Error('BENCH_SCALE must be in (0, 10]');
const scaled = (n: number) => Math.max(1, Math.round(n * SCALE));

export const VOLUME = {
  users: scaled(20_000),
  /** Users 3 … creators + 2 create projects; everyone but the heavy backer backs at random. */
  creators: scaled(8_000),
  projects: scaled(100_000),
  rewardsPerProject: 3,
  succeededDonations: scaled(1_000_000),
  heavyBackerProjects: scaled(3_000),
  /** About this many donations go to the hot project: it takes whatever the skewed spread leaves. */
  hotProjectDonations: scaled(40_000),
  /** Threads in the hot project's creator's inbox (DESIGN.md §17), one of them a long one. */
  inboxThreads: scaled(5_000),
  longThreadMessages: 500,
};

export const BENCH_PASSWORD = 'Bench#Load-2026';
/** The projects' currencies (DESIGN.md §15), one in five each; the base currency is the first. */
export const BENCH_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'BRL'];
/** Each currency's rate to the base currency as a launched project keeps it, by the demo's rates. */
const BENCH_BASE_RATES = BENCH_CURRENCIES.map((currency) =>
  baseRateBy(parseEcbXml(DEMO_RATES_XML), currency, BENCH_CURRENCIES[0]!)!,
);
export const HEAVY_BACKER = 'heavy_backer';
export const HOT_PROJECT_TITLE = 'Hot Project: a solar lantern the whole internet wants';
export const benchEmail = (username: string) => `${username}@bench.test`;

/** Title words: search and typeahead scenarios draw their text from them. */
export const WORDS = [
  'Solar',
  'Pixel',
  'Harbour',
  'Atlas',
  'Lantern',
  'Garden',
  'Kettle',
  'Synth',
  'River',
  'Forest',
  'Camera',
  'Story',
  'Board',
  'Robot',
  'Coffee',
  'Bicycle',
  'Theatre',
  'Chess',
  'Ocean',
  'Mountain',
  'Maple',
  'Comet',
  'Echo',
  'Falcon',
  'Glacier',
  'Honey',
  'Island',
  'Jasmine',
  'Koala',
  'Lunar',
  'Meadow',
  'Nebula',
  'Orchard',
  'Prairie',
  'Quartz',
  'Raven',
  'Saffron',
  'Tundra',
  'Violet',
  'Willow',
];
const NOUNS = [
  'Lamp',
  'Game',
  'Film',
  'Album',
  'Book',
  'Kit',
  'Festival',
  'Studio',
  'Workshop',
  'Library',
  'Bakery',
  'Podcast',
  'Zine',
  'Tour',
  'Lab',
  'Garden',
];
const FIRST_NAMES = [
  'Ada',
  'Ben',
  'Chloe',
  'Dev',
  'Elif',
  'Femi',
  'Gia',
  'Hugo',
  'Ines',
  'Jon',
  'Kai',
  'Lea',
];
const LAST_NAMES = [
  'Okafor',
  'Martins',
  'Rossi',
  'Nguyen',
  'Schmidt',
  'Haddad',
  'Silva',
  'Kowalski',
  'Tanaka',
];
const CITIES = ['Lagos, Nigeria', 'Porto, Portugal', 'Berlin, Germany', 'Austin, USA', 'Osaka, Japan'];

/** Descriptions as a creator writes them, with the plain text the app derives from each for search. */
const DESCRIPTIONS = NOUNS.map(
  (noun, i) =>
    `<h2>Why this ${noun.toLowerCase()}</h2><p>A ${WORDS[i]!.toLowerCase()} ${noun.toLowerCase()} made with care by a small team. ` +
    `We have a working prototype and a plan for every step, from tooling to delivery.</p>` +
    `<ul><li>Built to last</li><li>Repairable parts</li><li>Shipped worldwide</li></ul>` +
    `<p>Every backer gets an update every two weeks, and the ${WORDS[i + 20]!.toLowerCase()} edition is yours first.</p>`,
);
const DESCRIPTION_TEXTS = DESCRIPTIONS.map((html) => richTextToPlain(html));
const RISKS =
  '<p>Suppliers can slip by a few weeks; we have a second source for every part and will say so early.</p>';

export type Timings = [step: string, ms: number][];

type Log = (line: string) => void;

/**
 * Fills an empty, migrated database. Runs on one connection (scratch tables are per session) and outside
 * a transaction, so each step commits as it goes.
 */
export async function generateDataset(
  db: Kysely<DB>,
  log: Log = console.log,
  { server = true }: { server?: boolean } = {},
): Promise<Timings> {
  const timings: Timings = [];
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await db.connection().execute(async (conn) => {
    const step = async (name: string, run: () => Promise<unknown>) => {
      const started = performance.now();
      await run();
      const ms = performance.now() - started;
      timings.push([name, ms]);
      log(`  ${name}: ${seconds(ms)}`);
    };
    const scalar = async (query: RawBuilder<{ value: number | string | null }>) =>
      Number((await query.execute(conn)).rows[0]?.value);

    if ((await scalar(sql`select count(*) as value from users`)) > 0) {
      throw new Error('The data generator needs an empty database');
    }
    await sql`set synchronous_commit = off`.execute(conn);
    if (server) {
      // A bulk load's session: sorts and hashes of millions of rows in memory, index builds with room and both cores.
      await sql`set work_mem = '256MB'`.execute(conn);
      await sql`set maintenance_work_mem = '1GB'`.execute(conn);
      await sql`set max_parallel_maintenance_workers = 2`.execute(conn);
    }
    await sql`select setseed(0.42)`.execute(conn);
    // The bulky tables' secondary indexes are dropped before the load and built again from their own definitions at
    // the end: kept during the load, every row inserted or updated walks each of them at a random place, which past
    // shared_buffers turns into reads and writes of index pages (×10: 10,000,000 donations, 10 indexes). Unique and
    // constraint indexes stay (ON CONFLICT and the triggers' upserts need them; their keys mostly grow in order).
    // Their foreign keys too: each row inserted would look up and lock (FOR KEY SHARE) its project's, reward's
    // and donor's rows one by one, dirtying pages of those tables all over; added back, each key is checked once
    // for the whole table by one join.
    const bulky = sql`('projects', 'rewards', 'donations', 'ledger_entries', 'payment_events', 'backings',
                       'backer_summaries', 'comments', 'project_updates', 'messages', 'message_threads')`;
    const schemaBefore = await describeSchema(conn);
    const deferredIndexes = (
      await sql<{ name: string; def: string }>`
        select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
        from pg_index i
        join pg_class c on c.oid = i.indrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and not i.indisunique and not i.indisprimary
          and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
          and c.relname in ${bulky}
        order by c.relname, 1`.execute(conn)
    ).rows;
    const deferredKeys = (
      await sql<{ table: string; name: string; def: string }>`
        select k.conrelid::regclass::text as table, quote_ident(k.conname) as name,
               pg_get_constraintdef(k.oid) as def
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and k.contype = 'f' and c.relname in ${bulky}
        order by 1, 2`.execute(conn)
    ).rows;
    await step(
      `${deferredIndexes.length} secondary indexes and ${deferredKeys.length} foreign keys dropped for the load`,
      async () => {
        for (const key of deferredKeys) {
          await sql`alter table ${sql.raw(key.table)} drop constraint ${sql.raw(key.name)}`.execute(conn);
        }
        for (const index of deferredIndexes) await sql`drop index ${sql.raw(index.name)}`.execute(conn);
      },
    );

    await step(
      `${DEMO_CATEGORIES.length} categories, ${VOLUME.users.toLocaleString('en-US')} users`,
      async () => {
        await sql`insert into categories (name) select unnest(${DEMO_CATEGORIES}::text[])`.execute(conn);
        await sql`
        insert into users (username, email, full_name, password_hash, email_verified_at, location, bio,
                           created_at, updated_at)
        select u.username, u.username || '@bench.test', u.full_name, ${passwordHash}, u.created_at,
               case when u.g % 4 = 0 then (${CITIES}::text[])[1 + u.g % ${CITIES.length}] end,
               case when u.g % 5 = 0 then 'Maker, backer and friend of small teams.' end,
               u.created_at, u.created_at
        from (select g,
                     case g when 1 then 'bench_admin' when 2 then ${HEAVY_BACKER} else 'bench_user_' || g end
                       as username,
                     (${FIRST_NAMES}::text[])[1 + g % ${FIRST_NAMES.length}] || ' ' ||
                       (${LAST_NAMES}::text[])[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] as full_name,
                     now() - (1 + random() * 900) * interval '1 day' as created_at
              from generate_series(1, ${VOLUME.users}) g) u
        order by u.g`.execute(conn);
        await sql`insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r where r.name = 'User'`.execute(
          conn,
        );
        await sql`
        insert into user_roles (user_id, role_id)
        select u.id, r.id from users u, roles r where r.name = 'Admin' and u.username = 'bench_admin'`.execute(
          conn,
        );
      },
    );
    const userBase = await contiguousBase(conn, 'users', VOLUME.users);
    if (
      (await scalar(sql`select id as value from users where username = ${HEAVY_BACKER}`)) !==
      userBase + 1
    ) {
      throw new Error('Users were not numbered in insertion order');
    }
    const categoryBase = await contiguousBase(conn, 'categories', DEMO_CATEGORIES.length);

    await step(`${VOLUME.projects.toLocaleString('en-US')} projects in every status`, async () => {
      // One kind per project decides its status and dates; g = 1 is the hot project.
      await sql`
        insert into projects (creator_id, category_id, title, description, description_text, risks_and_challenges,
                              status, funding_model, featured, featured_requested, goal_cents, start_date, end_date,
                              revocation_reason, revocation_date, activated_at, created_at, updated_at, currency,
                              base_rate)
        select ${userBase} + 2 + (p.g::bigint * 7919) % ${VOLUME.creators},
               case when p.kind = 'draft' and p.g % 3 = 0 then null else ${categoryBase} + p.g % ${DEMO_CATEGORIES.length} end,
               case when p.kind = 'hot' then ${HOT_PROJECT_TITLE}
                    else (${WORDS}::text[])[1 + p.g % 40] || ' ' || (${WORDS}::text[])[1 + (p.g / 40) % 40] || ' ' ||
                         (${NOUNS}::text[])[1 + (p.g / 1600) % 16] end,
               (${DESCRIPTIONS}::text[])[1 + p.g % 16],
               (${DESCRIPTION_TEXTS}::text[])[1 + p.g % 16],
               ${RISKS},
               case p.kind when 'hot' then 'ACTIVE' when 'running' then 'ACTIVE' when 'upcoming' then 'ACTIVE'
                           when 'ended' then 'ACTIVE' when 'successful' then 'SUCCESSFUL'
                           when 'failed_flexible' then 'FAILED' when 'failed_refunded' then 'FAILED'
                           when 'draft' then 'DRAFT' when 'pending' then 'PENDING' else 'REJECTED' end,
               case when p.kind in ('failed_flexible', 'ended') or (p.kind <> 'failed_refunded' and p.g % 4 = 0)
                    then 'flexible' else 'all_or_nothing' end,
               p.kind = 'hot' or (p.kind = 'running' and p.g % 150 = 0) or (p.kind = 'successful' and p.g % 400 = 0),
               p.kind in ('draft', 'pending') and p.g % 7 = 0,
               -- The goal of a project nobody backs; those with donations get theirs from their money below.
               case when p.kind in ('failed_flexible', 'failed_refunded')
                    then (10 + floor(random() * 490)::bigint) * 10000
                    else (10 + floor(random() * 990)::bigint) * 10000 end,
               p.start_date,
               p.start_date + p.duration,
               case when p.kind = 'rejected' then 'The campaign does not follow the project guidelines.' end,
               case when p.kind = 'rejected' then least(now(), p.created_at + interval '2 days') end,
               case when p.kind in ('hot', 'running', 'ended', 'successful', 'failed_flexible', 'failed_refunded')
                    then p.start_date::timestamp at time zone 'UTC' - interval '12 hours' end,
               p.created_at,
               p.created_at,
               p.currency,
               case when p.kind in ('hot', 'running', 'ended', 'successful', 'failed_flexible', 'failed_refunded')
                    then (${BENCH_BASE_RATES}::numeric[])[array_position(${BENCH_CURRENCIES}::text[], p.currency)] end
        from (select d.*,
                     -- The hot project in dollars (the pledge scenarios' amounts); the rest spread over five currencies.
                     case when d.kind = 'hot' then 'USD' else (${BENCH_CURRENCIES}::text[])[1 + d.g % 5] end as currency,
                     case when d.start_date is null then now() - (1 + d.r3 * 200) * interval '1 day'
                          else least(now() - (1 + d.r3 * 500) * interval '1 hour',
                                     d.start_date::timestamp at time zone 'UTC' - (1 + d.r3 * 30) * interval '1 day')
                     end as created_at
              from (select k.g, k.kind, k.r3,
                           case k.kind
                             when 'hot' then current_date - 10
                             when 'running' then current_date - 1 - (k.r1 * 44)::int
                             when 'upcoming' then current_date + 1 + (k.r1 * 30)::int
                             when 'ended' then current_date - 40 - (k.r1 * 10)::int
                             when 'draft' then case when k.g % 3 = 0 then null else current_date + 10 + (k.r1 * 60)::int end
                             when 'pending' then current_date + 3 + (k.r1 * 30)::int
                             when 'rejected' then current_date - 5 + (k.r1 * 30)::int
                             else current_date - 1 - (k.r1 * 700)::int - (30 + (k.r2 * 60)::int)
                           end as start_date,
                           case k.kind
                             when 'hot' then 40
                             -- Running: started 1 to 45 days ago, ends tomorrow or later, 90 days at most.
                             when 'running' then 2 + (k.r1 * 44)::int + (k.r2 * (88 - (k.r1 * 44)::int))::int
                             when 'ended' then 30 + (k.r2 * 9)::int
                             else 30 + (k.r2 * 60)::int
                           end as duration
                    from (select x.*,
                                 case when x.g = 1 then 'hot'
                                      when x.g % 5000 = 55 then 'ended'
                                      when x.g % 100 < 50 then 'running'
                                      when x.g % 100 < 55 then 'upcoming'
                                      when x.g % 100 < 73 then 'successful'
                                      when x.g % 100 < 87 then
                                        case when x.g % 2 = 0 then 'failed_flexible' else 'failed_refunded' end
                                      when x.g % 100 < 92 then 'draft'
                                      when x.g % 100 < 97 then 'pending'
                                      else 'rejected' end as kind
                          from (select g, random() as r1, random() as r2, random() as r3
                                from generate_series(1, ${VOLUME.projects}) g) x) k) d) p
        order by p.g`.execute(conn);
    });
    await contiguousBase(conn, 'projects', VOLUME.projects);

    await step(`${(VOLUME.projects * VOLUME.rewardsPerProject).toLocaleString('en-US')} rewards`, () =>
      sql`
        insert into rewards (project_id, title, description, minimum_cents, quantity_available, estimated_delivery_date,
                             shipping_type, shipping_rules, created_at, updated_at)
        select p.id, t.title, t.description, t.base_cents + (p.id % 5) * t.step_cents,
               case t.tier when 1 then null when 2 then 100 + (p.id % 5) * 100 else 20 + (p.id % 9) * 10 end,
               coalesce(p.end_date, current_date + 90) + t.tier * 30,
               t.shipping,
               case t.shipping
                 when 'domestic' then '[{"country": "US", "cost_cents": 500}]'::jsonb
                 when 'international' then '[{"country": "US", "cost_cents": 500}, {"country": "*", "cost_cents": 2500}]'::jsonb
                 else '[]'::jsonb end,
               p.created_at, p.created_at
        from projects p
        cross join (values (1, 'Thank-you note and updates', 'Our thanks, your name in the credits, every update.',
                            500, 500, 'none'),
                           (2, 'Early bird edition', 'The first run, at the price of the first run.',
                            2500, 1500, 'domestic'),
                           (3, 'Collector’s edition', 'Signed, numbered and shipped anywhere.',
                            10000, 5000, 'international')) as t(tier, title, description, base_cents, step_cents,
                                                                shipping)
        order by p.id, t.tier`.execute(conn),
    );

    const hotProjectId = await scalar(
      sql`select id as value from projects where title = ${HOT_PROJECT_TITLE}`,
    );
    await step('donation plan (skewed, one hot project)', async () => {
      // Projects that took money: running or ended campaigns, successful ones, and failed flexible ones. Their
      // share follows a long tail (Lomax, α = 1.16: the 80/20 rule): most get a few donations or none, a
      // thousand get hundreds, a few dozen thousands.
      await sql`
        create temp table bench_plan as
        select p.id as project_id, p.creator_id, p.status, p.start_date, p.end_date, p.funding_model, p.currency,
               r.ids[1] as reward1, r.mins[1] as min1,
               r.ids[2] as reward2, r.mins[2] as min2, r.quantities[2] as quantity2,
               r.ids[3] as reward3, r.mins[3] as min3, r.quantities[3] as quantity3,
               least(2000, power(1 - random(), -1 / 1.16)) - 1 as weight, 0 as donations
        from projects p
        join (select project_id, array_agg(id order by minimum_cents) as ids,
                     array_agg(minimum_cents order by minimum_cents) as mins,
                     array_agg(quantity_available order by minimum_cents) as quantities
              from rewards group by project_id) r on r.project_id = p.id
        where (p.status = 'ACTIVE' and p.start_date <= current_date) or p.status = 'SUCCESSFUL'
           or (p.status = 'FAILED' and p.funding_model = 'flexible')`.execute(conn);
      const spread = VOLUME.succeededDonations - VOLUME.heavyBackerProjects - VOLUME.hotProjectDonations;
      const totalWeight = await scalar(
        sql`select sum(weight) as value from bench_plan where project_id <> ${hotProjectId}`,
      );
      await sql`
        update bench_plan set donations = case when status = 'SUCCESSFUL' or end_date < current_date
                                               then greatest(1, round(weight * ${spread / totalWeight})::int)
                                               else round(weight * ${spread / totalWeight})::int end
        where project_id <> ${hotProjectId}`.execute(conn);
      const rest = await scalar(sql`select sum(donations) as value from bench_plan`);
      const hot = VOLUME.succeededDonations - VOLUME.heavyBackerProjects - rest;
      if (hot < VOLUME.hotProjectDonations / 2)
        throw new Error(`The hot project would get only ${hot} donations`);
      await sql`update bench_plan set donations = ${hot} where project_id = ${hotProjectId}`.execute(conn);
    });

    await step(`${VOLUME.succeededDonations.toLocaleString('en-US')} succeeded donations`, async () => {
      // Every tenth donation from the 5th on takes the limited tier 2 until its stock is gone; tier 3 the same
      // from the 7th; four in ten take the unlimited tier 1. A donor never backs their own project.
      await sql`
        insert into donations (project_id, reward_id, donor_id, amount_cents, currency, status, provider,
                               checkout_session_id, payment_reference, expires_at, succeeded_at, created_at, updated_at,
                               funding_model, pledged_at)
        select d.project_id, d.reward_id, d.donor_id,
               case when d.reward_id is null
                    then (array[100, 500, 1000, 1500, 1999, 2000, 2500, 3000, 4250, 5000, 7500, 10000, 15000, 25000,
                                50000])[1 + floor(d.ra * 15)::int]
                    else d.reward_min + (array[0, 0, 0, 500, 1000, 2500])[1 + floor(d.ra * 6)::int] end,
               d.currency, 'SUCCEEDED', 'sandbox', d.session, 'pi_sandbox_' || d.session,
               d.succeeded_at - d.checkout_time + interval '30 minutes', d.succeeded_at,
               d.succeeded_at - d.checkout_time, d.succeeded_at, d.funding_model, d.succeeded_at
        from (select s.project_id, s.funding_model, s.currency,
                     case when s.i % 10 < 4 then s.reward1
                          when s.i % 10 = 4 and s.i / 10 < s.quantity2 then s.reward2
                          when s.i % 10 = 6 and s.i / 10 < s.quantity3 then s.reward3 end as reward_id,
                     case when s.i % 10 < 4 then s.min1
                          when s.i % 10 = 4 and s.i / 10 < s.quantity2 then s.min2
                          when s.i % 10 = 6 and s.i / 10 < s.quantity3 then s.min3 end as reward_min,
                     case when s.donor = s.creator_id
                          then case when s.donor = ${userBase + VOLUME.users - 1} then ${userBase + 2} else s.donor + 1 end
                          else s.donor end as donor_id,
                     s.ra,
                     'cs_sandbox_bench_' || s.project_id || '_' || s.i as session,
                     s.start_at + s.rc * (least(now(), s.end_at) - s.start_at) as succeeded_at,
                     (1 + s.ra * 10) * interval '1 minute' as checkout_time
              from (select pl.*, i,
                           ${userBase + 2} + floor(random() * ${VOLUME.users - 2})::int as donor,
                           random() as ra, random() as rc,
                           pl.start_date::timestamp at time zone 'UTC' as start_at,
                           (pl.end_date + 1)::timestamp at time zone 'UTC' as end_at
                    from bench_plan pl, generate_series(1, pl.donations) i) s) d`.execute(conn);
      // The heavy backer: one pledge to each of thousands of projects, half of them with the unlimited tier.
      await sql`
        insert into donations (project_id, reward_id, donor_id, amount_cents, currency, status, provider,
                               checkout_session_id, payment_reference, expires_at, succeeded_at, created_at, updated_at,
                               funding_model, pledged_at)
        select h.project_id, case when h.project_id % 2 = 0 then h.reward1 end, ${userBase + 1},
               case when h.project_id % 2 = 0 then h.min1 + 500 else 2500 end,
               h.currency, 'SUCCEEDED', 'sandbox', 'cs_sandbox_bench_heavy_' || h.project_id,
               'pi_sandbox_cs_sandbox_bench_heavy_' || h.project_id,
               h.paid_at + interval '25 minutes', h.paid_at, h.paid_at - interval '5 minutes', h.paid_at,
               h.funding_model, h.paid_at
        from (select pl.project_id, pl.reward1, pl.min1, pl.funding_model, pl.currency,
                     pl.start_date::timestamp at time zone 'UTC'
                       + random() * (least(now(), (pl.end_date + 1)::timestamp at time zone 'UTC')
                                     - pl.start_date::timestamp at time zone 'UTC') as paid_at
              from (select * from bench_plan where project_id <> ${hotProjectId} order by random()
                    limit ${VOLUME.heavyBackerProjects}) pl) h`.execute(conn);
    });

    await step('refunded donations of failed all-or-nothing campaigns', () =>
      sql`
        insert into donations (project_id, reward_id, donor_id, amount_cents, currency, status, provider,
                               checkout_session_id, payment_reference, refund_reference, expires_at, succeeded_at,
                               refunded_at, created_at, updated_at, funding_model, pledged_at)
        select r.id, null, r.donor_id, r.amount_cents, r.currency, 'REFUNDED', 'sandbox', r.session,
               'pi_sandbox_' || r.session, 're_sandbox_' || r.session,
               r.paid_at + interval '25 minutes', r.paid_at, r.refunded_at, r.paid_at - interval '5 minutes',
               r.refunded_at, 'all_or_nothing', r.paid_at
        from (select p.id, p.currency, i, 'cs_sandbox_bench_' || p.id || '_' || i as session,
                     case when d.donor = p.creator_id then d.donor + 1 else d.donor end as donor_id,
                     (array[1000, 2500, 5000, 10000])[1 + i % 4] as amount_cents,
                     p.start_date::timestamp at time zone 'UTC' + (i + 1) * interval '1 day' as paid_at,
                     (p.end_date + 1)::timestamp at time zone 'UTC' + interval '2 hours' as refunded_at
              from projects p, generate_series(1, 1 + p.id % 8) i,
                   lateral (select ${userBase + 2} + (p.id * 31 + i * 977) % ${VOLUME.users - 3} as donor) d
              where p.status = 'FAILED' and p.funding_model = 'all_or_nothing') r`.execute(conn),
    );

    await step('ledger entries and payment events', async () => {
      // As PaymentService.recordCollected writes them: processing fee 2.9% + 30¢ (at most the gross), platform fee
      // PLATFORM_FEE_PERCENT of the gross (at most what is left), each rounded half-up in double precision.
      await sql`
        insert into ledger_entries (project_id, donation_id, kind, gross_cents, processing_fee_cents,
                                    platform_fee_cents, net_cents, created_at)
        select f.project_id, f.id, 'donation', f.amount_cents, f.processing, f.platform,
               f.amount_cents - f.processing - f.platform, f.succeeded_at
        from (select d.*, least(d.amount_cents - d.processing,
                                floor(d.amount_cents::float8 * ${PLATFORM_FEE_PERCENT}::float8 / 100 + 0.5)::bigint)
                            as platform
              from (select id, project_id, amount_cents, succeeded_at,
                           least(amount_cents, floor(amount_cents::float8 * 2.9::float8 / 100 + 0.5)::bigint + 30)
                             as processing
                    from donations where status in ('SUCCEEDED', 'REFUNDED')) d) f
        order by f.id`.execute(conn);
      // As RefundService.applyRefund writes them: the donation's row, negated.
      await sql`
        insert into ledger_entries (project_id, donation_id, kind, gross_cents, processing_fee_cents,
                                    platform_fee_cents, net_cents, created_at)
        select l.project_id, l.donation_id, 'refund', -l.gross_cents, -l.processing_fee_cents,
               -l.platform_fee_cents, -l.net_cents, d.refunded_at
        from donations d join ledger_entries l on l.donation_id = d.id and l.kind = 'donation'
        where d.status = 'REFUNDED'
        order by d.id`.execute(conn);
      // Every paid checkout was one provider event, recorded once.
      await sql`
        insert into payment_events (id, provider, type, received_at)
        select 'evt_sandbox_bench_' || id, 'sandbox', 'paid', succeeded_at
        from donations where status in ('SUCCEEDED', 'REFUNDED')`.execute(conn);
    });

    await step('counters and goals', async () => {
      await sql`
        update rewards r set quantity_claimed = s.claimed, backers_count = s.claimed
        from (select reward_id, count(*) as claimed from donations
              where status = 'SUCCEEDED' and reward_id is not null group by reward_id) s
        where s.reward_id = r.id`.execute(conn);
      // One pass over the projects that took money: counters from their donations, and goals to fit the money —
      // reached by successful (and ended, unsettled) campaigns, missed by failed ones, spread over every progress
      // bucket for active ones; round hundreds of dollars. The others keep the goal they were made with: each
      // row updated computes its two search vectors again, the costliest part of a project's row.
      await sql`
        update projects p set current_cents = c.cents, backers_count = c.backers, goal_cents = case
          when p.status = 'SUCCESSFUL' or (p.status = 'ACTIVE' and p.end_date < current_date) then
            case when c.cents >= 10000
                 then greatest(10000, floor(c.cents * (0.4 + 0.6 * random()) / 10000)::bigint * 10000)
                 else c.cents end
          when p.status = 'FAILED' then
            greatest((floor(c.cents / (0.05 + 0.9 * random()) / 10000)::bigint + 1) * 10000,
                     (10 + floor(random() * 490)::bigint) * 10000)
          when p.status = 'ACTIVE' and c.cents > 0 then
            greatest(10000, round(c.cents / (0.02 + 1.5 * random() * random()) / 10000)::bigint * 10000)
          else (10 + floor(random() * 990)::bigint) * 10000 end
        from (select project_id as id, sum(amount_cents) as cents, count(distinct donor_id) as backers
              from donations where status = 'SUCCEEDED' group by project_id) c
        where c.id = p.id`.execute(conn);
    });

    await step('updates and comments', async () => {
      // The hot project carries a long conversation (50 updates, 200 threads on the project, 5 on each update,
      // a third of the threads with two replies); one running or successful campaign in 20 a short one.
      const talked = sql`(p.id = ${hotProjectId} or (p.status in ('ACTIVE', 'SUCCESSFUL') and p.id % 20 = 0))
                         and p.start_date < current_date`;
      const author = (seed: RawBuilder<unknown>) => sql`${userBase + 2} + (${seed}) % ${VOLUME.users - 3}`;
      await sql`
        insert into project_updates (project_id, author_id, number, title, body, visibility, published_at)
        select p.id, p.creator_id, n, 'Week ' || n || ' in the workshop',
               '<p>What we made, what we learnt and what comes next, week ' || n || '.</p>',
               case when n % 4 = 0 then 'backers' else 'public' end,
               p.start_date::timestamp at time zone 'UTC' + n * interval '3 hours'
        from projects p, generate_series(1, case when p.id = ${hotProjectId} then 50 else 2 end) n
        where ${talked}
        order by p.id, n`.execute(conn);
      await sql`
        insert into comments (project_id, author_id, body, created_at)
        select p.id, ${author(sql`p.id * 37 + i * 101`)}, 'Thread ' || i || ': when will it ship, and can I add one?',
               p.start_date::timestamp at time zone 'UTC' + i * interval '20 minutes'
        from projects p, generate_series(1, case when p.id = ${hotProjectId} then 200 else 10 end) i
        where ${talked}
        order by p.id, i`.execute(conn);
      await sql`
        insert into comments (project_id, update_id, author_id, body, created_at)
        select u.project_id, u.id, ${author(sql`u.id * 53 + i * 89`)}, 'Great news, thank you for update ' || u.number,
               u.published_at + i * interval '7 minutes'
        from project_updates u, generate_series(1, 5) i
        where u.project_id = ${hotProjectId}
        order by u.id, i`.execute(conn);
      await sql`
        insert into comments (project_id, update_id, parent_id, author_id, body, created_at)
        select c.project_id, c.update_id, c.id, ${author(sql`c.id * 71 + r * 13`)}, 'Reply ' || r || ': same question here.',
               c.created_at + r * interval '3 minutes'
        from comments c, generate_series(1, 2) r
        where c.parent_id is null and c.id % 3 = 0
        order by c.id, r`.execute(conn);
      await sql`
        update project_updates u set comments_count = c.count
        from (select update_id, count(*) as count from comments where update_id is not null group by update_id) c
        where c.update_id = u.id`.execute(conn);
    });

    await step('messages', async () => {
      // The hot project's creator answers many people: one thread each, newest activity first from now, a third
      // unread; each has a question and an answer, and the newest thread a long conversation.
      const creatorId = await scalar(
        sql`select creator_id as value from projects where id = ${hotProjectId}`,
      );
      // The row trigger counting each person's inbox (migration 0042) would update the creator's row once per
      // thread: 50,000 versions of one row in one transaction at ×10, each update walking the versions before it
      // (the step took 368 s at ×10 against 3–4 s at ×1). Off for these statements; the counters are then set
      // once from the threads, as the trigger would have left them.
      await sql`alter table message_threads disable trigger message_threads_count_inbox`.execute(conn);
      await sql`
        insert into message_threads (project_id, creator_id, person_id, last_message_at, creator_unread)
        select ${hotProjectId}, ${creatorId}, u.id, now() - i * interval '5 minutes', case when i % 3 = 0 then 1 else 0 end
        from generate_series(1, ${VOLUME.inboxThreads}) i
        join users u on u.id = ${userBase} + 2 + (i * 7) % ${VOLUME.users - 2}
        where u.id <> ${creatorId}
        on conflict (project_id, person_id) do nothing`.execute(conn);
      await sql`
        insert into messages (thread_id, author_id, body, created_at)
        select t.id, case when n % 2 = 1 then t.person_id else t.creator_id end,
               case when n % 2 = 1 then 'Question ' || n || ': does it ship to my country, and when?'
                    else 'Answer ' || n || ': yes, from March, with tracking.' end,
               t.last_message_at - (x.count - n) * interval '1 minute'
        from message_threads t
        cross join lateral (select case when t.id = (select min(id) from message_threads) then ${VOLUME.longThreadMessages}
                                        else 2 end as count) x
        cross join lateral generate_series(1, x.count) n
        order by t.id, n`.execute(conn);
      await sql`
        update message_threads t set last_message_id = m.id, messages_count = m.count
        from (select thread_id, max(id) as id, count(*) as count from messages group by thread_id) m
        where m.thread_id = t.id`.execute(conn);
      await sql`alter table message_threads enable trigger message_threads_count_inbox`.execute(conn);
      await sql`
        update users u set inbox_threads = c.threads, inbox_unread = c.unread
        from (select user_id, count(*)::integer as threads, sum(unread)::integer as unread
              from (select creator_id as user_id, creator_unread as unread from message_threads
                    union all
                    select person_id, person_unread from message_threads) sides
              group by user_id) c
        where c.user_id = u.id`.execute(conn);
    });

    await sql`drop table bench_plan`.execute(conn);
    // The counters were set by rewriting every project and reward row once: compact those two tables, so that
    // no scan pays for the generator's dead rows, then vacuum everything, as autovacuum would have by now
    // (visibility maps let counts use index-only scans), and gather statistics.
    await step('projects and rewards compacted', async () => {
      await sql`vacuum full projects`.execute(conn);
      await sql`vacuum full rewards`.execute(conn);
    });
    await step(`${deferredIndexes.length} secondary indexes built`, async () => {
      for (const index of deferredIndexes) await sql`${sql.raw(index.def)}`.execute(conn);
    });
    await step(`${deferredKeys.length} foreign keys added back (each checked by one join)`, async () => {
      for (const key of deferredKeys) {
        await sql`alter table ${sql.raw(key.table)} add constraint ${sql.raw(key.name)} ${sql.raw(key.def)}`.execute(
          conn,
        );
      }
    });
    if (JSON.stringify(await describeSchema(conn)) !== JSON.stringify(schemaBefore)) {
      throw new Error('The indexes and constraints after the load differ from the migrations’');
    }
    await step('vacuum and analyze', () => sql`vacuum analyze`.execute(conn));
  });
  return timings;
}

/** Every index and constraint of the schema by name and definition, as the schema parity test compares them. */
async function describeSchema(conn: Kysely<DB>) {
  const indexes = await sql`
    select tablename, indexname, indexdef from pg_indexes where schemaname = current_schema()
    order by tablename, indexname`.execute(conn);
  const constraints = await sql`
    select c.conrelid::regclass::text as table_name, c.conname, c.contype, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where n.nspname = current_schema() and c.contype <> 'n'
    order by 1, 2`.execute(conn);
  return { indexes: indexes.rows, constraints: constraints.rows };
}

/** The first id of a table the generator filled, checking that its ids are one unbroken run. */
async function contiguousBase(conn: Kysely<DB>, table: 'users' | 'projects' | 'categories', count: number) {
  const { rows } = await sql<{ min: number; max: number; count: string }>`
    select min(id) as min, max(id) as max, count(*) as count from ${sql.table(table)}`.execute(conn);
  const row = rows[0];
  if (!row || Number(row.count) !== count || row.max - row.min + 1 !== count) {
    throw new Error(`${table}: expected ${count} rows with consecutive ids`);
  }
  return row.min;
}

interface Check {
  name: string;
  /** How many rows break the rule: 0 passes. */
  query: RawBuilder<{ value: string }>;
}

/**
 * The invariants money and stock must keep in any state, after generation as after a load run: each a
 * count of offending rows.
 */
const consistencyChecks: Check[] = [
  {
    name: 'project counters = sum and distinct backers of its live pledges (saved cards and collected)',
    query: sql`
      select count(*) as value from projects p
      left join (select project_id, sum(amount_cents) as cents, count(distinct donor_id) as backers
                 from donations where status in (${sql.join(LIVE_PLEDGES)}) group by project_id) s
        on s.project_id = p.id
      where p.current_cents <> coalesce(s.cents, 0) or p.backers_count <> coalesce(s.backers, 0)`,
  },
  {
    name: 'reward claimed / backers = its live pledges, reserved = its open checkouts',
    query: sql`
      select count(*) as value from rewards r
      left join (select reward_id, count(*) filter (where status in (${sql.join(LIVE_PLEDGES)})) as claimed,
                        count(*) filter (where status = 'PENDING') as reserved
                 from donations where reward_id is not null group by reward_id) s on s.reward_id = r.id
      where r.quantity_claimed <> coalesce(s.claimed, 0) or r.backers_count <> coalesce(s.claimed, 0)
         or r.quantity_reserved <> coalesce(s.reserved, 0)`,
  },
  {
    name: 'backings (a backer’s projects) = their live and released pledges, with the project’s status',
    query: sql`select count(*) as value from (${backingMismatchesSql}) as mismatches`,
  },
  {
    name: 'each backer’s summary = their backings (projects by status, live total)',
    query: sql`select count(*) as value from (${backerSummaryMismatchesSql}) as mismatches`,
  },
  {
    name: 'each backer’s totals per currency and rate = their backings',
    query: sql`select count(*) as value from (${backerCurrencyTotalMismatchesSql}) as mismatches`,
  },
  {
    name: 'no reward oversold (live pledges + open checkouts ≤ stock)',
    query: sql`
      select count(*) as value from rewards r
      join (select reward_id, count(*) as taken from donations
            where reward_id is not null and status in ('PENDING', ${sql.join(LIVE_PLEDGES)}) group by reward_id) s
        on s.reward_id = r.id
      where r.quantity_available is not null and s.taken > r.quantity_available`,
  },
  {
    name: 'one donation ledger row per paid donation, with its gross and the app’s fees',
    query: sql`
      select count(*) as value from donations d
      left join ledger_entries l on l.donation_id = d.id and l.kind = 'donation'
      where (d.status in ('SUCCEEDED', 'REFUNDED')) <> (l.id is not null)
         or l.gross_cents <> d.amount_cents
         or l.processing_fee_cents <> least(d.amount_cents,
                                            floor(d.amount_cents::float8 * 2.9::float8 / 100 + 0.5)::bigint + 30)
         or l.platform_fee_cents <> least(d.amount_cents - l.processing_fee_cents,
                                          floor(d.amount_cents::float8 * ${PLATFORM_FEE_PERCENT}::float8 / 100 + 0.5)::bigint)
         or l.net_cents <> l.gross_cents - l.processing_fee_cents - l.platform_fee_cents`,
  },
  {
    name: 'a refund ledger row exactly for each refunded donation, negating its donation row',
    query: sql`
      select count(*) as value from donations d
      left join ledger_entries l on l.donation_id = d.id and l.kind = 'refund'
      left join ledger_entries o on o.donation_id = d.id and o.kind = 'donation'
      where (d.status = 'REFUNDED') <> (l.id is not null)
         or l.gross_cents <> -o.gross_cents or l.processing_fee_cents <> -o.processing_fee_cents
         or l.platform_fee_cents <> -o.platform_fee_cents or l.net_cents <> -o.net_cents`,
  },
  {
    name: 'the ledger’s donations less refunds per project = the sum of its collected pledges',
    query: sql`
      select count(*) as value from projects p
      left join (select project_id, sum(gross_cents) as gross from ledger_entries
                 where kind in ('donation', 'refund') group by project_id) l on l.project_id = p.id
      left join (select project_id, sum(amount_cents) as cents from donations
                 where status = 'SUCCEEDED' group by project_id) c on c.project_id = p.id
      where coalesce(c.cents, 0) <> coalesce(l.gross, 0)`,
  },
  {
    name: 'successful campaigns reached their goal, failed ones did not',
    query: sql`
      select count(*) as value from projects
      where (status = 'SUCCESSFUL' and current_cents < goal_cents) or (status = 'FAILED' and current_cents >= goal_cents)`,
  },
  {
    name: 'a pledge is in its project’s currency, and a launched project has its rate to the base currency',
    query: sql`
      select (select count(*) from donations d join projects p on p.id = d.project_id where d.currency <> p.currency)
           + (select count(*) from projects where activated_at is not null and base_rate is null) as value`,
  },
  {
    name: 'an update’s comments_count = its comments and replies not removed',
    query: sql`
      select count(*) as value from project_updates u
      left join (select update_id, count(*) as count from comments
                 where update_id is not null and removed_at is null group by update_id) c on c.update_id = u.id
      where u.comments_count <> coalesce(c.count, 0)`,
  },
  {
    name: 'a message thread names its newest message',
    query: sql`
      select count(*) as value from message_threads t
      where t.last_message_id is distinct from (select max(id) from messages m where m.thread_id = t.id)`,
  },
  {
    name: 'each person’s inbox totals = their threads and the unread messages on their side',
    query: sql`select count(*) as value from (${inboxCounterMismatchesSql}) as mismatches`,
  },
];

const isPglite = async (db: Kysely<DB>) =>
  (await sql<{ v: string }>`select version() as v`.execute(db)).rows[0]?.v.includes('wasm') ?? false;

/** The rule names that fail, with how many rows break each: empty when all hold. */
export async function verifyConsistency(db: Kysely<DB>): Promise<string[]> {
  const problems: string[] = [];
  for (const check of consistencyChecks) {
    // Each check sums or joins whole tables (10,000,000 donations at ×10): room to hash and sort them in memory.
    const offending = await db.transaction().execute(async (trx) => {
      if (!(await isPglite(trx))) await sql`set local work_mem = '256MB'`.execute(trx);
      return Number((await check.query.execute(trx)).rows[0]?.value);
    });
    if (offending !== 0) problems.push(`${check.name}: ${offending} rows break it`);
  }
  // The SQL above restates the fee rule; this holds it to the app's own functions, amount by amount.
  const fees = await sql<{ gross: number; currency: string; processing: number; platform: number }>`
    select distinct gross_cents as gross, currency, processing_fee_cents as processing,
                    platform_fee_cents as platform
    from ledger_entries where kind = 'donation'`.execute(db);
  for (const row of fees.rows) {
    const processing = processingFeeCents(row.gross, row.currency);
    const platform = Math.min(row.gross - processing, percentOfCents(row.gross, PLATFORM_FEE_PERCENT));
    if (processing !== row.processing || platform !== row.platform) {
      problems.push(
        `fees of ${row.gross}¢: ledger ${row.processing}/${row.platform}, app ${processing}/${platform}`,
      );
    }
  }
  return problems;
}

export interface VolumeCounts {
  users: number;
  categories: number;
  projects: number;
  rewards: number;
  succeededDonations: number;
  refundedDonations: number;
  ledgerEntries: number;
  heavyBackerProjects: number;
  hotProjectDonations: number;
  hotProjectBackers: number;
  byStatus: Record<string, number>;
}

export async function countVolume(db: Kysely<DB>): Promise<VolumeCounts> {
  const count = async (query: RawBuilder<{ value: string }>) =>
    Number((await query.execute(db)).rows[0]?.value);
  const statuses = await sql<{ status: string; value: string }>`
    select case when status = 'ACTIVE' and start_date > current_date then 'ACTIVE (upcoming)'
                when status = 'ACTIVE' and end_date < current_date then 'ACTIVE (ended, to settle)'
                when status = 'ACTIVE' then 'ACTIVE (running)'
                else status end as status, count(*) as value
    from projects group by 1 order by 1`.execute(db);
  const hot = await sql<{ donations: string; backers: number }>`
    select (select count(*) from donations d where d.project_id = p.id and d.status = 'SUCCEEDED') as donations,
           p.backers_count as backers
    from projects p where p.title = ${HOT_PROJECT_TITLE}`.execute(db);
  return {
    users: await count(sql`select count(*) as value from users`),
    categories: await count(sql`select count(*) as value from categories`),
    projects: await count(sql`select count(*) as value from projects`),
    rewards: await count(sql`select count(*) as value from rewards`),
    succeededDonations: await count(sql`select count(*) as value from donations where status = 'SUCCEEDED'`),
    refundedDonations: await count(sql`select count(*) as value from donations where status = 'REFUNDED'`),
    ledgerEntries: await count(sql`select count(*) as value from ledger_entries`),
    heavyBackerProjects: await count(sql`
      select count(distinct d.project_id) as value from donations d join users u on u.id = d.donor_id
      where u.username = ${HEAVY_BACKER} and d.status = 'SUCCEEDED'`),
    hotProjectDonations: Number(hot.rows[0]?.donations ?? 0),
    hotProjectBackers: Number(hot.rows[0]?.backers ?? 0),
    byStatus: Object.fromEntries(statuses.rows.map((row) => [row.status, Number(row.value)])),
  };
}

export interface Generated {
  kind: 'postgres' | 'pglite';
  database: Database;
  timings: Timings;
  totalMs: number;
  volume: VolumeCounts;
}

/** Migrates and fills `database`, then verifies it; throws when an invariant does not hold. */
export async function generateAndVerify(database: Database, log: Log = console.log): Promise<Generated> {
  log(
    `Generating the benchmark data on ${database.kind === 'postgres' ? 'the PostgreSQL server' : 'PGlite'}…`,
  );
  const started = performance.now();
  const migrateStarted = performance.now();
  await migrateToLatest(database.db);
  const timings: Timings = [['migrations', performance.now() - migrateStarted]];
  timings.push(...(await generateDataset(database.db, log, { server: database.kind === 'postgres' })));
  const totalMs = performance.now() - started;
  const verifyStarted = performance.now();
  const problems = await verifyConsistency(database.db);
  timings.push(['verification (SQL)', performance.now() - verifyStarted]);
  if (problems.length > 0) throw new Error(`The generated data is inconsistent:\n  ${problems.join('\n  ')}`);
  const volume = await countVolume(database.db);
  log(`  generated in ${seconds(totalMs)}, verified: every invariant holds`);
  return { kind: database.kind, database, timings, totalMs, volume };
}

/** Generation on PGlite, in a temporary data directory removed afterwards. */
export async function generateOnPglite(log: Log = console.log) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fundry-bench-pglite-'));
  const database = await createDatabase({ kind: 'pglite', dataDir });
  try {
    return await generateAndVerify(database, log);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const CHECKED_INVARIANTS = [
  ...consistencyChecks.map((check) => check.name),
  'every fee in the ledger equals the app’s own processingFeeCents / percentOfCents for that amount',
];

/** The database's size on disk, and its biggest tables and indexes, as Markdown lines. */
export async function diskUse(db: Kysely<DB>) {
  const mb = (bytes: number | string) =>
    `${(Number(bytes) / 2 ** 20).toLocaleString('en-US', { maximumFractionDigits: 0 })} MB`;
  const total = (
    await sql<{ bytes: string }>`select pg_database_size(current_database()) as bytes`.execute(db)
  ).rows[0]?.bytes;
  const tables = await sql<{ name: string; heap: string; indexes: string; total: string }>`
    select c.relname as name, pg_relation_size(c.oid) as heap, pg_indexes_size(c.oid) as indexes,
           pg_total_relation_size(c.oid) as total
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r'
    order by pg_total_relation_size(c.oid) desc limit 8`.execute(db);
  const indexes = await sql<{ name: string; bytes: string }>`
    select c.relname as name, pg_relation_size(c.oid) as bytes
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'i'
    order by pg_relation_size(c.oid) desc limit 8`.execute(db);
  return [
    `Size on disk (\`pg_database_size\`): **${mb(total ?? 0)}**. Biggest tables (heap / indexes / total with TOAST): ` +
      tables.rows.map((t) => `${t.name} ${mb(t.heap)} / ${mb(t.indexes)} / ${mb(t.total)}`).join('; ') +
      '. Biggest indexes: ' +
      indexes.rows.map((i) => `${i.name} ${mb(i.bytes)}`).join('; ') +
      '.',
  ].join('\n');
}

/** The data section of RESULTS.md: volume, where generation time goes on each database, what was verified. */
export function dataSection(runs: Omit<Generated, 'database'>[], machine: string, disk?: string) {
  const first = runs[0];
  if (!first) throw new Error('No generation run to report');
  const v = first.volume;
  const n = (value: number) => value.toLocaleString('en-US');
  const volumeRows: [string, string][] = [
    ['users (one admin, one heavy backer; all can sign in)', n(v.users)],
    ['categories', n(v.categories)],
    ['projects', n(v.projects)],
    ...Object.entries(v.byStatus).map(([status, count]): [string, string] => [`  · ${status}`, n(count)]),
    ['rewards (3 per project: unlimited, and two with limited stock)', n(v.rewards)],
    ['succeeded donations', n(v.succeededDonations)],
    ['refunded donations (failed all-or-nothing campaigns)', n(v.refundedDonations)],
    ['ledger entries', n(v.ledgerEntries)],
    ['heavy backer: projects backed', n(v.heavyBackerProjects)],
    ['hot project: donations / backers', `${n(v.hotProjectDonations)} / ${n(v.hotProjectBackers)}`],
  ];
  const steps = first.timings.map(([step]) => step);
  const label = (run: Omit<Generated, 'database'>) =>
    run.kind === 'postgres' ? 'PostgreSQL server' : 'PGlite';
  const timingRows = [
    ...steps.map((step) => [
      step,
      ...runs.map((run) => {
        const ms = run.timings.find(([name]) => name === step)?.[1];
        return ms === undefined ? '—' : seconds(ms);
      }),
    ]),
    ['**total (migrations + generation)**', ...runs.map((run) => `**${seconds(run.totalMs)}**`)],
  ];
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    '## Data generation',
    '',
    machine,
    '',
    'Set-based SQL (`bench/dataset.ts`): INSERT … SELECT over generate_series, one connection, no per-row round ' +
      'trips; one argon2id hash of the bench password, made with the app’s own function, shared by every user.',
    '',
    line(['what', 'rows']),
    line(['---', '---:']),
    ...volumeRows.map((row) => line(row)),
    '',
    line(['step', ...runs.map(label)]),
    line(['---', ...runs.map(() => '---:')]),
    ...timingRows.map((row) => line(row)),
    '',
    ...(disk ? [disk, ''] : []),
    'Verified with SQL after generation (the run fails otherwise), and again after the load scenarios:',
    '',
    ...CHECKED_INVARIANTS.map((name) => `- ${name}`),
  ].join('\n');
}
