import { type Kysely, sql } from 'kysely';

/**
 * Creator and admin tools (DESIGN.md §12): reports of projects and comments (once per person and target), the
 * audit log of admin actions, and the time a project was submitted for review (the review queue's order).
 * `comment_id` has no foreign key: the comments table belongs to another migration that may run after this one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').addColumn('submitted_at', 'timestamptz').execute();
  // Projects already waiting were submitted at their last change at the latest.
  await sql`update projects set submitted_at = updated_at where status = 'PENDING'`.execute(db);
  await sql`create index projects_review_queue_idx on projects (submitted_at, id) where status = 'PENDING'`.execute(
    db,
  );

  await db.schema
    .createTable('reports')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('reporter_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_type', 'text', (col) =>
      col.notNull().check(sql`target_type in ('project', 'comment')`),
    )
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('comment_id', 'integer')
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'resolved')`),
    )
    .addColumn('resolution', 'text', (col) =>
      col.check(sql`resolution in ('comment_removed', 'project_rejected', 'dismissed')`),
    )
    .addColumn('resolution_reason', 'text')
    .addColumn('resolved_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'reports_target_check',
      sql`(target_type = 'project' and comment_id is null) or (target_type = 'comment' and comment_id is not null)`,
    )
    .execute();
  // Once per person and target: the second report is refused by these, whatever the race.
  await sql`create unique index reports_once_project_idx on reports (reporter_id, project_id)
            where target_type = 'project'`.execute(db);
  await sql`create unique index reports_once_comment_idx on reports (reporter_id, comment_id)
            where target_type = 'comment'`.execute(db);
  await sql`create index reports_open_idx on reports (created_at, id) where status = 'open'`.execute(db);

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target_type', 'text', (col) => col.notNull())
    .addColumn('target_id', 'integer', (col) => col.notNull())
    .addColumn('project_id', 'integer', (col) => col.references('projects.id').onDelete('set null'))
    .addColumn('reason', 'text')
    .addColumn('details', 'jsonb')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('audit_log_created_idx')
    .on('audit_log')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_log_action_idx')
    .on('audit_log')
    .columns(['action', 'created_at'])
    .execute();
  await db.schema.createIndex('audit_log_project_idx').on('audit_log').column('project_id').execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').column('actor_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('reports').execute();
  await sql`drop index projects_review_queue_idx`.execute(db);
  await db.schema.alterTable('projects').dropColumn('submitted_at').execute();
}
