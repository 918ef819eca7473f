import { type Kysely, Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds } from '../test/databases';
import { createProjectRow, createUser } from './seed/factories';
import { createDatabase } from './database';
import type { DB } from './schema';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations';
import * as closedAccountsUnmailed from './migrations/0044_closed_accounts_unmailed';
import * as rejectionsUnexplained from './migrations/0045_rejections_unexplained';

/** A new database migrated up to the migration before `name`, to store rows as they were then. */
async function migrateToJustBefore(db: Kysely<DB>, name: string) {
  const names = Object.keys(migrations).sort();
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists btree_gin`.execute(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  expect((await migrator.migrateTo(names[names.indexOf(name) - 1]!)).error).toBeUndefined();
}

describe('migrateToLatest', () => {
  it.skipIf(!databaseKinds.includes('postgres'))(
    'lets instances starting together on a new database migrate it once, none failing',
    async () => {
      const target = await createTestDatabase('postgres', { migrate: false });
      // Three processes' pools of one, as three instances (or CLI runs) would have.
      const instances = await Promise.all(
        [1, 2, 3].map(() => createDatabase({ kind: 'postgres', url: target.url! }, 1)),
      );
      try {
        const applied = await Promise.all(instances.map(({ db }) => migrateToLatest(db)));
        const counts = applied.map((names) => names.length).sort();
        expect(counts).toEqual([0, 0, Object.keys(migrations).length]);
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
        await target.close();
      }
    },
  );

  it('applies nothing to a database already up to date, on a pool of one', async () => {
    const database = await createTestDatabase('pglite');
    try {
      expect(await migrateToLatest(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it.each(databaseKinds)(
    'rewrites the English reason of a declined charge as its code, any other as the generic one (%s)',
    async (kind) => {
      const database = await createTestDatabase(kind, { migrate: false });
      const { db } = database;
      try {
        await migrateToJustBefore(db, '0046_payment_error_codes');
        const creator = await createUser(db);
        const projectId = await createProjectRow(db, { creatorId: creator.id });
        const reasons = [
          'Your card has insufficient funds.',
          'Your bank asked to confirm this payment.',
          'Your card was declined.',
          'Votre carte a été refusée.',
          null,
        ];
        const ids: number[] = [];
        for (const reason of reasons) {
          const donor = await createUser(db);
          const { rows } = await sql<{ id: number }>`
            insert into donations
              (donor_id, project_id, amount_cents, funding_model, provider, expires_at, pledged_at,
               payment_method, collection_attempts, payment_failed_at, status, payment_error)
            values (${donor.id}, ${projectId}, 1000, 'all_or_nothing', 'sandbox', now(), now(),
                    'pm_sandbox_0341_x', 1, now(), 'PAYMENT_FAILED', ${reason})
            returning id`.execute(db);
          ids.push(rows[0]!.id);
        }
        await sql`
          insert into survey_charges (donation_id, project_id, amount_cents, currency, lines, status, reason)
          values (${ids[0]}, ${projectId}, 500, 'USD', '[]', 'declined', 'Your card has expired.'),
                 (${ids[1]}, ${projectId}, 500, 'USD', '[]', 'declined', 'Card refused')`.execute(db);

        await migrateToLatest(db);
        const donations = await db
          .selectFrom('donations')
          .select('payment_error_code')
          .where('id', 'in', ids)
          .orderBy('id')
          .execute();
        expect(donations.map((row) => row.payment_error_code)).toEqual([
          'insufficient_funds',
          'authentication_required',
          'card_declined',
          'card_declined',
          null,
        ]);
        const charges = await db
          .selectFrom('survey_charges')
          .select('payment_error_code')
          .orderBy('id')
          .execute();
        expect(charges.map((row) => row.payment_error_code)).toEqual(['expired_card', 'card_declined']);
      } finally {
        await database.close();
      }
    },
  );
  describe.each([
    ['0047_declined_notifications_reason', 'api.notification.paymentDeclined', 'PAYMENT_FAILED'],
    ['0048_survey_declined_notifications_reason', 'api.notification.surveyAddOnsDeclined', 'SURVEY'],
  ] as const)('%s', (migration, key, type) => {
    it.each(databaseKinds)(
      'gives the declined notifications stored before a reason, the generic decline (%s)',
      async (kind) => {
        const database = await createTestDatabase(kind, { migrate: false });
        const { db } = database;
        try {
          await migrateToJustBefore(db, migration);
          const backer = await createUser(db);
          const declined = {
            title: 'Tide clock',
            amount: { cents: 2000, currency: 'USD', fractionDigits: 2 },
          };
          await sql`
            insert into notifications (user_id, type, message, message_values)
            values (${backer.id}, ${type}, ${key}, ${JSON.stringify(declined)}::jsonb),
                   (${backer.id}, ${type}, 'api.notification.pledgeDropped', ${JSON.stringify(declined)}::jsonb)
          `.execute(db);

          await migrateToLatest(db);
          const { rows } = await sql<{ message: string; message_values: unknown }>`
            select message, message_values from notifications order by id`.execute(db);
          expect(rows).toEqual([
            {
              message: key,
              message_values: { ...declined, reason: { message: 'backing.decline.cardDeclined' } },
            },
            { message: 'api.notification.pledgeDropped', message_values: declined },
          ]);
        } finally {
          await database.close();
        }
      },
    );
  });
  it.each(databaseKinds)(
    'keeps a failed payout’s reason to the codes its creator is told, rewriting any other (0049, %s)',
    async (kind) => {
      const database = await createTestDatabase(kind, { migrate: false });
      const { db } = database;
      try {
        await migrateToJustBefore(db, '0049_payout_failure_reasons');
        const creator = await createUser(db);
        const projectId = await createProjectRow(db, { creatorId: creator.id });
        const failedPayout = (reason: string | null) => sql`
          insert into payouts (project_id, creator_id, amount_cents, currency, status, failure_reason)
          values (${projectId}, ${creator.id}, 1000, 'USD', 'FAILED', ${reason})`;
        for (const reason of ['insufficient_funds', 'transfer_failed', 'Bank said no', null]) {
          await failedPayout(reason).execute(db);
        }

        await migrateToLatest(db);
        const { rows } = await sql<{ failure_reason: string | null }>`
          select failure_reason from payouts order by id`.execute(db);
        expect(rows.map((row) => row.failure_reason)).toEqual([
          'insufficient_funds',
          'transfer_failed',
          'transfer_failed',
          null,
        ]);
        await expect(failedPayout('Bank said no').execute(db)).rejects.toThrow(
          /payouts_failure_reason_check/,
        );
      } finally {
        await database.close();
      }
    },
  );
  it.each(databaseKinds)(
    'keeps the search columns of a project as their expressions give them through pledges, a new bucket and a new title (0060, %s)',
    async (kind) => {
      const database = await createTestDatabase(kind);
      const { db } = database;
      try {
        const creator = await createUser(db);
        const projectId = await createProjectRow(db, {
          creatorId: creator.id,
          title: 'Quokka lantern',
          description: '<p>A lamp for long nights.</p>',
          categoryId: null,
          goal: 100,
        });
        const words = sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
          setweight(to_tsvector('english', coalesce(description_text, '')), 'B')`;
        const columns = async () =>
          (
            await sql<{ vector: string; scoped: string; words_kept: boolean; scope_kept: boolean }>`
              select search_vector::text as vector, search_in_category::text as scoped,
                     search_vector = ${words} as words_kept,
                     search_in_category = scoped(search_scope(category_id, goal_cents, current_cents), ${words})
                       as scope_kept
              from projects where id = ${projectId}`.execute(db)
          ).rows[0]!;
        const made = await columns();
        expect(made).toMatchObject({ words_kept: true, scope_kept: true });
        expect(made.scoped).toContain("'0.under25:quokka'");

        // A pledge moves the raised amount within its bucket, then into the next one.
        await sql`update projects set current_cents = 1000, backers_count = 1 where id = ${projectId}`.execute(
          db,
        );
        expect(await columns()).toEqual(made);
        await sql`update projects set current_cents = 5000 where id = ${projectId}`.execute(db);
        const moved = await columns();
        expect(moved).toMatchObject({ vector: made.vector, words_kept: true, scope_kept: true });
        expect(moved.scoped).toContain("'0.25to75:quokka'");

        await sql`update projects set title = 'Wombat lantern' where id = ${projectId}`.execute(db);
        const renamed = await columns();
        expect(renamed).toMatchObject({ words_kept: true, scope_kept: true });
        expect(renamed.vector).toContain("'wombat'");

        // The columns are the trigger's alone: a value written into them is replaced.
        await sql`update projects set search_vector = '', search_in_category = '' where id = ${projectId}`.execute(
          db,
        );
        expect(await columns()).toEqual(renamed);
      } finally {
        await database.close();
      }
    },
  );

  it.each(databaseKinds)(
    'keeps the full-text indexes of projects to small pending lists, which every search reads through (%s)',
    async (kind) => {
      const database = await createTestDatabase(kind);
      try {
        const { rows } = await sql<{ name: string; options: string[] | null }>`
          select relname as name, reloptions as options from pg_class
          where relname in ('projects_search_idx', 'projects_search_in_category_idx') order by relname`.execute(
          database.db,
        );
        expect(rows).toEqual([
          { name: 'projects_search_idx', options: ['gin_pending_list_limit=256'] },
          { name: 'projects_search_in_category_idx', options: ['gin_pending_list_limit=256'] },
        ]);
      } finally {
        await database.close();
      }
    },
  );
  it.each(databaseKinds)(
    "vacuums projects soon and with their indexes, so one busy project's old rows leave the search index (%s)",
    async (kind) => {
      const database = await createTestDatabase(kind);
      const { db } = database;
      try {
        const { id: creatorId } = await db
          .insertInto('users')
          .values({ username: 'creator', email: 'creator@example.com', full_name: 'A Creator' })
          .returning('id')
          .executeTakeFirstOrThrow();
        // Enough projects that the busy one's page is under 2% of the table's, where a vacuum would skip indexes.
        await sql`insert into projects (creator_id, title, status)
                  select ${creatorId}, 'Filler ' || n, 'ACTIVE' from generate_series(1, 10000) n`.execute(db);
        const { id } = await db
          .insertInto('projects')
          .values({ creator_id: creatorId, title: 'Quokka lantern', status: 'ACTIVE' })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (let payment = 0; payment < 200; payment++) {
          await sql`update projects set backers_count = backers_count + 1 where id = ${id}`.execute(db);
        }
        await sql`vacuum projects`.execute(db);

        const indexEntries = await db.connection().execute(async (connection) => {
          await sql`set enable_seqscan = off`.execute(connection);
          const { rows } = await sql<{ 'QUERY PLAN': unknown }>`
            explain (analyze, format json) select id from projects
            where search_vector @@ to_tsquery('english', 'quokka')`.execute(connection);
          await sql`reset enable_seqscan`.execute(connection);
          const plan = rows[0]!['QUERY PLAN'];
          const [{ Plan }] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [
            { Plan: { Plans: Array<{ 'Node Type': string; 'Actual Rows': number }> } },
          ];
          return Plan.Plans.find((node) => node['Node Type'] === 'Bitmap Index Scan')?.['Actual Rows'];
        });
        expect(indexEntries).toBe(1);
        // Autovacuum (off on CI's server) comes after 1,000 updates plus 1% of the rows, not a fifth of them.
        const { rows } = await sql<{ options: string[] }>`
          select reloptions as options from pg_class where relname = 'projects'`.execute(db);
        expect(rows[0]!.options).toEqual([
          'autovacuum_vacuum_threshold=1000',
          'autovacuum_vacuum_scale_factor=0.01',
          'vacuum_index_cleanup=on',
        ]);
      } finally {
        await database.close();
      }
    },
  );

  it.each(databaseKinds)(
    'empties the made-up address of closed accounts and keeps addresses unique among open ones only (0044, %s)',
    async (kind) => {
      const database = await createTestDatabase(kind);
      const { db } = database;
      try {
        // The database as it was before 0044: closed accounts with an address of their own making.
        await closedAccountsUnmailed.down(db as Kysely<unknown>);
        const closedAt = new Date();
        const closed = await db
          .insertInto('users')
          .values([
            { username: '', email: 'placeholder-1', full_name: '', deleted_at: closedAt },
            { username: '', email: 'placeholder-2', full_name: '', deleted_at: closedAt },
          ])
          .returning('id')
          .execute();
        for (const { id } of closed) {
          await sql`update users set email = ${`deleted-${id}@deleted.invalid`} where id = ${id}`.execute(db);
        }
        await db
          .insertInto('users')
          .values({ username: 'open', email: 'Open@Example.com', full_name: 'Open' })
          .execute();

        await closedAccountsUnmailed.up(db as Kysely<unknown>);
        const rows = await db
          .selectFrom('users')
          .select('email')
          .where(
            'id',
            'in',
            closed.map(({ id }) => id),
          )
          .execute();
        expect(rows).toEqual([{ email: '' }, { email: '' }]);
        await db
          .insertInto('users')
          .values({ username: 'gone', email: 'gone@example.com', full_name: '', deleted_at: closedAt })
          .execute();
        await db
          .insertInto('users')
          .values({ username: 'back', email: 'GONE@example.com', full_name: 'Back' })
          .execute();
        await expect(
          db
            .insertInto('users')
            .values({ username: 'twin', email: 'open@example.COM', full_name: 'Twin' })
            .execute(),
        ).rejects.toThrow(/users_email_key/);
      } finally {
        await database.close();
      }
    },
  );

  it.each(databaseKinds)(
    'forgets the English sentence a rejection without a reason stored, keeping what admins wrote (0045, %s)',
    async (kind) => {
      const database = await createTestDatabase(kind);
      const { db } = database;
      try {
        const sentence = 'The project does not meet the Fundry guidelines.';
        const { id: creatorId } = await db
          .insertInto('users')
          .values({ username: 'maker', email: 'maker@example.com', full_name: 'Maker' })
          .returning('id')
          .executeTakeFirstOrThrow();
        const projects = await db
          .insertInto('projects')
          .values([
            { creator_id: creatorId, title: 'Default', status: 'REJECTED', revocation_reason: sentence },
            {
              creator_id: creatorId,
              title: 'Written',
              status: 'REJECTED',
              revocation_reason: 'No prototype',
            },
          ])
          .returning('id')
          .execute();
        await db
          .insertInto('audit_log')
          .values(
            projects.map(({ id }, index) => ({
              actor_id: creatorId,
              action: 'project.reject',
              target_type: 'project',
              target_id: id,
              project_id: id,
              reason: index === 0 ? sentence : 'No prototype',
            })),
          )
          .execute();

        await rejectionsUnexplained.up(db as Kysely<unknown>);
        const reasons = await db
          .selectFrom('projects')
          .select('revocation_reason')
          .where(
            'id',
            'in',
            projects.map(({ id }) => id),
          )
          .orderBy('id')
          .execute();
        expect(reasons.map((row) => row.revocation_reason)).toEqual([null, 'No prototype']);
        const audit = await db.selectFrom('audit_log').select('reason').orderBy('id').execute();
        expect(audit.map((row) => row.reason)).toEqual([null, 'No prototype']);
      } finally {
        await database.close();
      }
    },
  );
});
