import { type Kysely, sql } from 'kysely';

export const ROLE_PERMISSIONS = {
  User: ['create_project', 'create_reward', 'back_project', 'save_project'],
  Admin: [
    'create_project',
    'create_reward',
    'back_project',
    'save_project',
    'activate_project',
    'revoke_project',
    'feature_project',
    'manage_categories',
    'view_all_projects',
  ],
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('location', 'text')
    .addColumn('bio', 'text')
    .addColumn('website', 'text')
    .addColumn('twitter', 'text')
    .addColumn('profile_image', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index users_email_key on users (lower(email))`.execute(db);
  await sql`create unique index users_username_key on users (lower(username))`.execute(db);

  await db.schema
    .createTable('roles')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .execute();
  await db.schema
    .createTable('permissions')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .execute();
  await db.schema
    .createTable('role_permissions')
    .addColumn('role_id', 'integer', (col) => col.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('permission_id', 'integer', (col) =>
      col.notNull().references('permissions.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('role_permissions_pkey', ['role_id', 'permission_id'])
    .execute();
  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (col) => col.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_roles_pkey', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('user_roles_role_id_idx').on('user_roles').column('role_id').execute();

  // Roles and permissions are reference data the code relies on, so they ship with the schema.
  const allPermissions = [...new Set(Object.values(ROLE_PERMISSIONS).flat())];
  await sql`insert into permissions (name) select unnest(${allPermissions}::text[])`.execute(db);
  for (const [role, permissions] of Object.entries(ROLE_PERMISSIONS)) {
    await sql`insert into roles (name) values (${role})`.execute(db);
    await sql`
      insert into role_permissions (role_id, permission_id)
      select r.id, p.id from roles r join permissions p on p.name = any(${[...permissions]}::text[])
      where r.name = ${role}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['user_roles', 'role_permissions', 'permissions', 'roles', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
