import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  full_name: string;
  password_hash: string | null;
  email_verified_at: Timestamp | null;
  location: string | null;
  bio: string | null;
  website: string | null;
  twitter: string | null;
  profile_image: string | null;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_enabled_at: Timestamp | null;
  totp_last_step: number | null;
  oidc_issuer: string | null;
  oidc_subject: string | null;
  deleted_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
}

export interface PermissionsTable {
  id: Generated<number>;
  name: string;
}

export interface RolePermissionsTable {
  role_id: number;
  permission_id: number;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  created_at: CreatedAt;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
}

export type UserTokenPurpose = 'verify_email' | 'password_reset' | 'two_factor_setup';

export interface UserTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: UserTokenPurpose;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  attempts: Generated<number>;
  created_at: CreatedAt;
}

export interface OidcLoginsTable {
  state: string;
  nonce: string;
  code_verifier: string;
  redirect_path: string;
  expires_at: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_error: string | null;
  sent_at: Timestamp | null;
  created_at: CreatedAt;
}

export type ProjectStatusValue = 'DRAFT' | 'PENDING' | 'ACTIVE' | 'SUCCESSFUL' | 'FAILED' | 'REJECTED';

export interface ProjectsTable {
  id: Generated<number>;
  creator_id: number;
  category_id: number | null;
  title: string;
  description: string | null;
  description_text: Generated<string>;
  risks_and_challenges: string | null;
  status: ProjectStatusValue;
  funding_model: Generated<'all_or_nothing' | 'flexible'>;
  featured: Generated<boolean>;
  featured_requested: Generated<boolean>;
  goal_cents: number | null;
  current_cents: Generated<number>;
  backers_count: Generated<number>;
  start_date: string | null;
  end_date: string | null;
  image_url: string | null;
  image_card_url: string | null;
  video_url: string | null;
  revocation_reason: string | null;
  revocation_date: Timestamp | null;
  activated_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface DB {
  users: UsersTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  categories: CategoriesTable;
  refresh_tokens: RefreshTokensTable;
  user_tokens: UserTokensTable;
  oidc_logins: OidcLoginsTable;
  mail_outbox: MailOutboxTable;
  projects: ProjectsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type NewProject = Insertable<ProjectsTable>;
export type ProjectUpdate = Updateable<ProjectsTable>;
