import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  AuditTargetType,
  DonationStatusName,
  InstalmentStatus,
  FulfilmentStatus,
  PayoutFailureReason,
  PayoutStatusName,
  ProjectStatus,
  ShippingAddress,
  SuspensionReason,
} from '@fundry/shared';
import type { MessageArgument } from '../i18n';

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
  /** The language the person chose; null until they choose one. */
  locale: string | null;
  /** The language of their last sign-in or session refresh: their mails' until they choose one. */
  last_locale: string | null;
  /** The threads they are in and the messages unread on their side (migration 0042's trigger keeps them). */
  inbox_threads: Generated<number>;
  inbox_unread: Generated<number>;
  /** A silence in force while in the future; a suspension while set (DESIGN.md §18, migration 0052). */
  silenced_until: Timestamp | null;
  suspended_at: Timestamp | null;
  /** People who follow them as a creator (DESIGN.md §19, migration 0055), moved with each follow. */
  followers_count: Generated<number>;
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
  /** Extra mail headers (e.g. List-Unsubscribe); null when there are none. */
  headers: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export type ProjectStatusValue = ProjectStatus;

export interface ProjectsTable {
  id: Generated<number>;
  creator_id: number;
  category_id: number | null;
  title: string;
  description: string | null;
  description_text: Generated<string>;
  risks_and_challenges: string | null;
  /** The language its creator writes it in (a BCP 47 tag), for the `lang` of its story, updates and comments. */
  language: Generated<string>;
  /** ISO 4217: the currency of its goal, rewards and pledges (DESIGN.md §15). */
  currency: Generated<string>;
  /**
   * Units of the base currency per unit of its own, as a decimal string (numeric), fixed when it launches;
   * null until a rate is known: an unknown, never a zero.
   */
  base_rate: string | null;
  status: ProjectStatusValue;
  funding_model: Generated<'all_or_nothing' | 'flexible'>;
  featured: Generated<boolean>;
  featured_requested: Generated<boolean>;
  goal_cents: number | null;
  current_cents: Generated<number>;
  backers_count: Generated<number>;
  /** Live or collected pledges with a reward, and those of them sent or received: kept by triggers (0033). */
  rewards_total: Generated<number>;
  rewards_sent: Generated<number>;
  /** Late pledges (DESIGN.md §16): open or not, until a date (inclusive) or not, and what they brought, apart. */
  late_pledges_open: Generated<boolean>;
  late_pledges_until: string | null;
  /** Pledges of at least the minimum may be paid in instalments (DESIGN.md §20): all-or-nothing, until launch. */
  pledge_over_time: Generated<boolean>;
  late_cents: Generated<number>;
  late_backers_count: Generated<number>;
  start_date: string | null;
  end_date: string | null;
  image_url: string | null;
  image_card_url: string | null;
  video_url: string | null;
  revocation_reason: string | null;
  revocation_date: Timestamp | null;
  activated_at: Timestamp | null;
  /** A campaign ended early (DESIGN.md §18, migration 0051): when, its creator's message, and a suspension's why. */
  ended_at: Timestamp | null;
  end_message: string | null;
  suspension_reason: SuspensionReason | null;
  /** The admin's words to the creator and backers of a suspended project; never on its page. */
  suspension_message: string | null;
  /** When the creator last submitted the project for review (the review queue's order). */
  submitted_at: Timestamp | null;
  /** "Notify me on launch" (DESIGN.md §19, migration 0055): how many, moved with each follow. */
  followers_count: Generated<number>;
  /** When its creator launched it before its start date; null for one that started on its date. */
  launched_at: Timestamp | null;
  /** The database's, from title and description_text: a trigger keeps it (migration 0060). */
  search_vector: ColumnType<string, never, never>;
  /**
   * The same words, each prefixed with the project's category and progress bucket (`3.25to75:solar`): searches
   * within categories. Kept by the same trigger.
   */
  search_in_category: ColumnType<string, never, never>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** The campaign-refunds job's hold on a project ended early (migration 0051): one process at a time. */
export interface CampaignRefundLeasesTable {
  project_id: number;
  holder: string;
  until: Timestamp;
}

export interface SavedProjectsTable {
  user_id: number;
  project_id: number;
  saved_at: CreatedAt;
}

export interface RewardsTable {
  id: Generated<number>;
  project_id: number;
  title: string;
  description: string;
  minimum_cents: number;
  /** The price of a late pledge for it (DESIGN.md §16); null: the minimum. */
  late_price_cents: number | null;
  quantity_available: number | null;
  quantity_claimed: Generated<number>;
  quantity_reserved: Generated<number>;
  backers_count: Generated<number>;
  estimated_delivery_date: string;
  shipping_type: Generated<'none' | 'domestic' | 'international'>;
  /**
   * `[{country, cost_cents}]`, country an ISO code or `*` for the rest of the world. Written as JSON text:
   * the pg driver would send a JavaScript array as a PostgreSQL array, not as JSON.
   */
  shipping_rules: ColumnType<ShippingRuleRow[], string | undefined, string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface AddOnsTable {
  id: Generated<number>;
  project_id: number;
  title: string;
  description: Generated<string>;
  price_cents: number;
  /** The price of one in a late pledge (DESIGN.md §16); null: the price. */
  late_price_cents: number | null;
  quantity_available: number | null;
  quantity_claimed: Generated<number>;
  quantity_reserved: Generated<number>;
  available_with: Generated<number[]>;
  /** As RewardsTable.shipping_rules: written as JSON text. */
  shipping_rules: ColumnType<ShippingRuleRow[], string | undefined, string>;
  /** `/uploads/add-ons/…`: the creator's picture, re-encoded (null: none). */
  image_url: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface DonationAddOnsTable {
  donation_id: number;
  add_on_id: number;
  quantity: number;
  price_cents: number;
  shipping_cents: Generated<number>;
}

export interface ShippingRuleRow {
  country: string;
  cost_cents: number;
}

export type DonationStatus = DonationStatusName;

export interface DonationsTable {
  id: Generated<number>;
  project_id: number;
  reward_id: number | null;
  donor_id: number;
  amount_cents: number;
  currency: Generated<string>;
  status: DonationStatus;
  provider: string;
  checkout_session_id: string | null;
  payment_reference: string | null;
  refund_reference: string | null;
  expires_at: Timestamp;
  succeeded_at: Timestamp | null;
  refunded_at: Timestamp | null;
  /** Why a collected pledge of a campaign ended early is not refunded yet (migration 0051); null once it is. */
  refund_blocked: 'paid_out' | 'provider_refused' | null;
  funding_model: 'all_or_nothing' | 'flexible';
  pledged_at: Timestamp | null;
  canceled_at: Timestamp | null;
  /** The pledge holds add-ons (donation_add_ons): their stock moves with it. */
  has_add_ons: Generated<boolean>;
  /** A late pledge (DESIGN.md §16): charged at checkout, final, counted in the project's late counters. */
  late: Generated<boolean>;
  shipping_cents: Generated<number>;
  shipping_address: ShippingAddress | null;
  /** The reward's way to the backer (DESIGN.md §17): null until sent, then `sent`, then `received`. */
  fulfilment_status: FulfilmentStatus | null;
  /** The creator's https tracking link, given when marking it sent. */
  tracking_url: string | null;
  sent_at: Timestamp | null;
  received_at: Timestamp | null;
  payment_method: string | null;
  payment_customer: string | null;
  collection_attempts: Generated<number>;
  collecting_since: Timestamp | null;
  next_collection_at: Timestamp | null;
  payment_failed_at: Timestamp | null;
  /** Why the last charge was declined: the provider's code (shared declineMessage), never its words. */
  payment_error_code: string | null;
  /** Where the backer came from (DESIGN.md §19): a tag, an internal source, a host or `direct`; null before 0056. */
  referral_source: string | null;
  /** Paid in instalments (DESIGN.md §20): its plan is in `pledge_instalments`. */
  pay_over_time: Generated<boolean>;
  /** The plan ended unpaid (DESIGN.md §20): the pledge is what was paid, SUCCEEDED here, DEFAULTED in the API. */
  defaulted_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** One instalment of a pledge paid over time (migration 0057). */
export interface PledgeInstalmentsTable {
  id: Generated<number>;
  donation_id: number;
  number: number;
  amount_cents: ColumnType<number, number, number>;
  /** YYYY-MM-DD. */
  due_on: ColumnType<string, string, string>;
  status: Generated<InstalmentStatus>;
  charged_at: Timestamp | null;
  /** The attempt being made or last made: it keys the provider's idempotency with the instalment's id. */
  attempts: Generated<number>;
  /** Held by a run of the job since then (a lease): a run that vanished is resumed after COLLECTION_LEASE_MS. */
  claimed_at: Timestamp | null;
  /** A declined instalment's next daily retry. */
  next_attempt_at: Timestamp | null;
  /** The first decline of this instalment: the plan ends when it is still unpaid INSTALMENT_GRACE_DAYS after. */
  failed_at: Timestamp | null;
  error_code: string | null;
  payment_reference: string | null;
}

/** A backer's projects, kept by triggers on donations and projects (migration 0014): never written by the app. */
export interface BackingsTable {
  donor_id: ColumnType<number, never, never>;
  project_id: ColumnType<number, never, never>;
  project_status: ColumnType<ProjectStatusValue, never, never>;
  /** Live pledges only: a released pledge keeps the project in the list at 0. */
  total_cents: ColumnType<number, never, never>;
  first_backed_at: ColumnType<Date | null, never, never>;
  last_backed_at: ColumnType<Date | null, never, never>;
  /** The project's currency and rate to the base currency, copied from it (migration 0040). */
  currency: ColumnType<string, never, never>;
  base_rate: ColumnType<string | null, never, never>;
}

/** One row per backer, kept by triggers on `backings` (migration 0018). */
export interface BackerSummariesTable {
  donor_id: ColumnType<number, never, never>;
  active_count: ColumnType<number, never, never>;
  successful_count: ColumnType<number, never, never>;
  failed_count: ColumnType<number, never, never>;
  /** Backings of campaigns on hold (migration 0050): the backer's own list only. */
  held_count: ColumnType<number, never, never>;
  /** Backings of campaigns ended early (migration 0051): the backer's own list only. */
  canceled_count: ColumnType<number, never, never>;
  suspended_count: ColumnType<number, never, never>;
  live_projects: ColumnType<number, never, never>;
  live_cents: ColumnType<number, never, never>;
  first_live_at: ColumnType<Date | null, never, never>;
}

/** A backer's backings added up per currency and rate, kept by triggers on `backings` (migration 0061). */
export interface BackerCurrencyTotalsTable {
  donor_id: ColumnType<number, never, never>;
  currency: ColumnType<string, never, never>;
  base_rate: ColumnType<string | null, never, never>;
  total_cents: ColumnType<number, never, never>;
}

/** One row: bumped by every statement that may change the typeahead's public titles (migration 0024). */
export interface PublicTitlesVersionTable {
  only_row: ColumnType<boolean, never, never>;
  version: ColumnType<number, never, never>;
}

export interface PaymentCustomersTable {
  user_id: number;
  provider: string;
  customer_id: string;
  created_at: CreatedAt;
}

export interface PaymentEventsTable {
  id: string;
  provider: string;
  type: string;
  received_at: CreatedAt;
}

export type LedgerKind = 'donation' | 'refund' | 'payout' | 'payout_reversal';

export interface LedgerEntriesTable {
  id: Generated<number>;
  project_id: number;
  donation_id: number | null;
  kind: LedgerKind;
  gross_cents: number;
  processing_fee_cents: number;
  platform_fee_cents: number;
  net_cents: number;
  /** ISO 4217: the project's currency; the amounts are its minor units (migration 0029). */
  currency: string;
  payout_id: number | null;
  /** A survey's add-on charge (migration 0036): a second 'donation' row of its pledge. */
  survey_charge_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** An instalment of a pledge paid over time (migration 0057): one 'donation' row each. */
  instalment_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
}

export interface BankAccountsTable {
  user_id: number;
  provider: string;
  account_id: string;
  payouts_enabled: Generated<boolean>;
  requirements_due: ColumnType<string[], string[] | undefined, string[]>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type PayoutStatus = PayoutStatusName;

export interface PayoutsTable {
  id: Generated<number>;
  project_id: number;
  creator_id: number;
  amount_cents: number;
  fee_cents: Generated<number>;
  /** ISO 4217: the project's currency, which the transfer is made in (migration 0029). */
  currency: string;
  status: PayoutStatus;
  transfer_reference: string | null;
  failure_reason: PayoutFailureReason | null;
  created_at: CreatedAt;
  completed_at: Timestamp | null;
  /** The provider's reversal of a completed transfer, taken back from a suspended project (migration 0051). */
  reversal_reference: string | null;
  /** When the provider last refused to take it back: the admin sees what could not be recovered. */
  reversal_failed_at: Timestamp | null;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  /** A catalog key written in the reader's language with `message_values`; rows from before: the English text. */
  message: string;
  message_values: ColumnType<
    Record<string, MessageArgument> | null,
    string | null | undefined,
    string | null
  >;
  project_id: number | null;
  /** Path in the web app to the notification's cause (e.g. an update); null means the project page. */
  link: Generated<string | null>;
  read_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface UserPreferencesTable {
  user_id: number;
  email_updates: Generated<boolean>;
  email_comments: Generated<boolean>;
  email_pledges: Generated<boolean>;
  email_reminders: Generated<boolean>;
  email_messages: Generated<boolean>;
  email_launches: Generated<boolean>;
  updated_at: Timestamp;
}

export type ReminderKind = 'launch' | 'ending';

/** "Notify me on launch" of a project (DESIGN.md §19). */
export interface ProjectFollowsTable {
  project_id: number;
  user_id: number;
  followed_at: CreatedAt;
}

/** A person following a creator (DESIGN.md §19). */
export interface UserFollowsTable {
  followed_id: number;
  follower_id: number;
  followed_at: CreatedAt;
}

export interface SentRemindersTable {
  user_id: number;
  project_id: number;
  kind: ReminderKind;
  sent_at: CreatedAt;
}

export type ReportTarget = 'project' | 'comment' | 'message' | 'user';
export type ReportCategory = SuspensionReason;
export type ReportResolution = 'comment_removed' | 'project_rejected' | 'dismissed';

export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  target_type: ReportTarget;
  /** Null only for a report of a person (migration 0053). */
  project_id: number | null;
  comment_id: number | null;
  message_id: Generated<number | null>;
  reported_user_id: Generated<number | null>;
  reason: string;
  category: Generated<ReportCategory>;
  status: Generated<'open' | 'resolved'>;
  resolution: ReportResolution | null;
  resolution_reason: string | null;
  resolved_by: number | null;
  resolved_at: Timestamp | null;
  created_at: CreatedAt;
}

/** A creator's named link to their project (DESIGN.md §19): `/projects/{id}?ref=NAME`. */
export interface ReferralTagsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  created_at: CreatedAt;
}

/** Visits per project, day (UTC, `YYYY-MM-DD`) and source, with nothing of the visitor (DESIGN.md §19). */
export interface ReferralVisitsTable {
  project_id: number;
  day: string;
  source: string;
  visits: number;
}

/** One sanction on an account and its end (DESIGN.md §18): the history the admin's user record shows. */
export interface UserSanctionsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'silence' | 'suspend';
  reason: SuspensionReason;
  message: string;
  until: Timestamp | null;
  created_by: number | null;
  created_at: CreatedAt;
  ended_at: Timestamp | null;
  ended_by: number | null;
}

/** A conversation between a project's creator and one person (DESIGN.md §17). */
export interface MessageThreadsTable {
  id: Generated<number>;
  project_id: number;
  creator_id: number;
  person_id: number;
  last_message_id: number | null;
  last_message_at: Timestamp;
  creator_unread: Generated<number>;
  person_unread: Generated<number>;
  /** Messages in the thread, kept with each one added (migration 0038). */
  messages_count: Generated<number>;
  creator_mailed_at: Timestamp | null;
  person_mailed_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface MessagesTable {
  id: Generated<number>;
  thread_id: number;
  author_id: number;
  body: string;
  created_at: CreatedAt;
}

export interface MessageBlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: CreatedAt;
}

/** An invitation to a project's team, or (once accepted, naming the person) a membership (DESIGN.md §19). */
export interface ProjectCollaboratorsTable {
  id: Generated<number>;
  project_id: number;
  email: string;
  user_id: number | null;
  can_edit: Generated<boolean>;
  can_community: Generated<boolean>;
  can_fulfilment: Generated<boolean>;
  invited_by: number | null;
  created_at: CreatedAt;
  accepted_at: Timestamp | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  target_type: AuditTargetType;
  target_id: number;
  project_id: number | null;
  reason: string | null;
  details: ColumnType<Record<string, unknown> | null, string | null | undefined, never>;
  created_at: CreatedAt;
}

export interface ProjectUpdatesTable {
  id: Generated<number>;
  project_id: number;
  author_id: number;
  number: number;
  title: string;
  body: string;
  visibility: 'public' | 'backers';
  comments_count: Generated<number>;
  published_at: CreatedAt;
  edited_at: Timestamp | null;
  deleted_at: Timestamp | null;
}

export interface CommentsTable {
  id: Generated<number>;
  project_id: number;
  update_id: number | null;
  parent_id: number | null;
  author_id: number;
  body: string;
  created_at: CreatedAt;
  edited_at: Timestamp | null;
  removed_at: Timestamp | null;
  removed_by: number | null;
  /** Distinct people with an open report of it (migration 0053). */
  reporters_count: Generated<number>;
  /** When it was hidden while reviewed; null when shown. */
  hidden_at: Timestamp | null;
  /** Who hid it: the reporter whose report did (migration 0054). */
  hidden_by: number | null;
}

/** A declined payment, per account and IP address, for the card-testing limit (migration 0053). */
export interface PaymentDeclinesTable {
  id: Generated<number>;
  user_id: number | null;
  ip: string | null;
  declined_at: CreatedAt;
}

/** The admins' card-testing alert, taken once per subject ("user:ID" or "ip:ADDRESS") and hour. */
export interface CardTestingAlertsTable {
  subject: string;
  hour: Timestamp;
  created_at: CreatedAt;
}

export interface ProjectFaqsTable {
  id: Generated<number>;
  project_id: number;
  question: string;
  answer: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A project's backer survey (DESIGN.md §17, migration 0036). */
export interface SurveysTable {
  project_id: number;
  sent_at: Date | null;
  locked_at: Date | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export type SurveyQuestionKind = 'choice' | 'text';

export interface SurveyQuestionsTable {
  id: Generated<number>;
  project_id: number;
  position: number;
  kind: SurveyQuestionKind;
  prompt: string;
  options: ColumnType<string[], string | undefined, string>;
  required: Generated<boolean>;
  reward_id: number | null;
  add_on_id: number | null;
  removed_at: Date | null;
}

export interface SurveyResponsesTable {
  donation_id: number;
  project_id: number;
  /** `{"<question id>": value}`. */
  answers: ColumnType<Record<string, string>, string | undefined, string>;
  answered_at: Date | null;
  invited_at: Date;
  last_reminded_at: Date | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface SurveyChargeLine {
  add_on_id: number;
  quantity: number;
  price_cents: number;
  shipping_cents: number;
}

export interface SurveyChargesTable {
  id: Generated<number>;
  donation_id: number;
  project_id: number;
  amount_cents: number;
  shipping_cents: Generated<number>;
  currency: string;
  lines: ColumnType<SurveyChargeLine[], string, string>;
  status: ColumnType<'pending' | 'succeeded' | 'declined', 'pending' | undefined, 'succeeded' | 'declined'>;
  payment_reference: string | null;
  /** Why the charge was declined: the provider's code, as a pledge's. */
  payment_error_code: string | null;
  created_at: CreatedAt;
  /** The last attempt at the provider: a pending charge older than the lease is charged again (migration 0041). */
  attempted_at: Timestamp;
  /** The provider's refund of this charge's own payment, once its pledge was refunded. */
  refund_reference: string | null;
}

/** A project's stretch goal (DESIGN.md §16): an amount above its goal, in minor units of its currency. */
export interface StretchGoalsTable {
  id: Generated<number>;
  project_id: number;
  amount_cents: number;
  title: string;
  description: string;
  /** Set once, when the funded total first reached the amount. */
  reached_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** The reference rates of a day, per unit of `base` (the ECB's: per euro), as it published them. */
export interface FxRatesTable {
  rate_date: string;
  base: Generated<string>;
  currency: string;
  /** A decimal string (numeric): exact, as published. */
  rate: string;
  fetched_at: CreatedAt;
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
  saved_projects: SavedProjectsTable;
  rewards: RewardsTable;
  add_ons: AddOnsTable;
  donations: DonationsTable;
  donation_add_ons: DonationAddOnsTable;
  backings: BackingsTable;
  backer_summaries: BackerSummariesTable;
  backer_currency_totals: BackerCurrencyTotalsTable;
  public_titles_version: PublicTitlesVersionTable;
  payment_customers: PaymentCustomersTable;
  payment_events: PaymentEventsTable;
  ledger_entries: LedgerEntriesTable;
  notifications: NotificationsTable;
  bank_accounts: BankAccountsTable;
  payouts: PayoutsTable;
  user_preferences: UserPreferencesTable;
  sent_reminders: SentRemindersTable;
  project_follows: ProjectFollowsTable;
  user_follows: UserFollowsTable;
  reports: ReportsTable;
  campaign_refund_leases: CampaignRefundLeasesTable;
  audit_log: AuditLogTable;
  user_sanctions: UserSanctionsTable;
  referral_tags: ReferralTagsTable;
  referral_visits: ReferralVisitsTable;
  project_updates: ProjectUpdatesTable;
  comments: CommentsTable;
  project_faqs: ProjectFaqsTable;
  fx_rates: FxRatesTable;
  message_threads: MessageThreadsTable;
  messages: MessagesTable;
  message_blocks: MessageBlocksTable;
  project_collaborators: ProjectCollaboratorsTable;
  payment_declines: PaymentDeclinesTable;
  card_testing_alerts: CardTestingAlertsTable;
  stretch_goals: StretchGoalsTable;
  surveys: SurveysTable;
  survey_questions: SurveyQuestionsTable;
  survey_responses: SurveyResponsesTable;
  survey_charges: SurveyChargesTable;
  pledge_instalments: PledgeInstalmentsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type NewProject = Insertable<ProjectsTable>;
export type ProjectUpdate = Updateable<ProjectsTable>;
