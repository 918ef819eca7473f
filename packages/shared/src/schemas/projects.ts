import { z } from 'zod';
import { MAX_PER_PAGE, PAGE_SIZES, PROGRESS_BUCKETS, SEARCH_MAX_LENGTH, SORT_OPTIONS } from '../constants';
import { FUNDING_MODELS, PROJECT_STATUSES, STATUS_FILTERS, SUSPENSION_REASONS } from '../rules/projects';
import { LATE_PLEDGE_MESSAGES } from '../messages/late-pledges';
import { currencyCode, pageMeta } from './common';
import { teamMember } from './collaborators';
import { COLLABORATOR_PERMISSIONS } from '../messages/collaborators';

export const creatorSummary = z.object({
  id: z.number().int(),
  username: z.string(),
  full_name: z.string(),
  name: z.string(),
  profile_image: z.string().nullable(),
});
export type CreatorSummary = z.infer<typeof creatorSummary>;

/** The creator as the project page shows them ('About the Creator'). */
export const projectCreator = creatorSummary.extend({
  location: z.string().nullable(),
  bio: z.string().nullable(),
  website: z.string().nullable(),
  twitter: z.string().nullable(),
  created_at: z.string(),
  projects_created_count: z.number().int(),
  backed_projects_count: z.number().int(),
  /** People who follow the creator, and whether the caller is one of them (DESIGN.md §19). */
  followers_count: z.number().int(),
  following: z.boolean(),
});
export type ProjectCreator = z.infer<typeof projectCreator>;

/** A project as read (SPEC §3); where SPEC lists two names for a field, both are present. */
const projectFields = z.object({
  id: z.number().int(),
  currency: currencyCode,
  title: z.string(),
  description: z.string().nullable(),
  short_description: z.string(),
  risks_and_challenges: z.string().nullable(),
  risk_and_challenges: z.string().nullable(),
  status: z.enum(PROJECT_STATUSES),
  featured: z.boolean(),
  featured_requested: z.boolean(),
  funding_model: z.enum(FUNDING_MODELS),
  goal_amount: z.number().nullable(),
  funding_goal: z.number().nullable(),
  current_amount: z.number(),
  total_pledged: z.number(),
  backers_count: z.number().int(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  days_left: z.number().int(),
  image_url: z.string().nullable(),
  image_card_url: z.string().nullable(),
  video_url: z.string().nullable(),
  category_id: z.number().int().nullable(),
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  category_name: z.string().nullable(),
  creator_id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  revocation_date: z.string().nullable(),
  revocation_reason: z.string().nullable(),
  /**
   * A campaign ended early (DESIGN.md §18): when, and what its tombstone says — the creator's message for a cancel,
   * the reason (its wording in the reader's language) for a suspension, whose admin's message goes to the people
   * concerned only.
   */
  ended_at: z.string().nullable(),
  end_message: z.string().nullable(),
  suspension_reason: z.enum(SUSPENSION_REASONS).nullable(),
  /** The language the project is written in (BCP 47): its story, updates and comments carry it as `lang`. */
  language: z.string(),
  /** When the signed-in person saved it (the saved list only). */
  saved_at: z.string().optional(),
});

export const project = projectFields.extend({
  creator: projectCreator,
  /** Pledges with a reward the creator has sent (received ones included), of `rewards_total` (DESIGN.md §17). */
  rewards_sent: z.number().int(),
  /** Live or collected pledges with a reward. */
  rewards_total: z.number().int(),
  /**
   * Late pledges (DESIGN.md §16): `open` only while the creator keeps them open and `until` (inclusive, UTC) has not
   * passed; what they brought is counted here, never in `current_amount` or `backers_count`.
   */
  late_pledges: z.object({ open: z.boolean(), until: z.string().nullable() }),
  late_amount: z.number(),
  late_backers_count: z.number().int(),
  /**
   * Pledge over time (DESIGN.md §20): offered by the creator of an all-or-nothing project, and the smallest pledge
   * it is offered for in the project's currency (null while a project in another currency has no rate).
   */
  pledge_over_time: z.boolean(),
  pledge_over_time_minimum: z.number().nullable(),
  /** Days between two instalments of a plan (INSTALMENT_INTERVAL_DAYS): the back dialog shows the plan with them. */
  instalment_interval_days: z.number().int(),
  /** The people who help its creator run it (DESIGN.md §19): accepted collaborators, names and pictures only. */
  team: z.array(teamMember),
  /**
   * "Notify me on launch" (DESIGN.md §19): how many asked, exact for its creator and admins, for others null until it
   * is 10 or more; and whether the caller did.
   */
  followers_count: z.number().int().nullable(),
  following: z.boolean(),
});
export type Project = z.infer<typeof project>;

/** A project in a list: everything its card needs, the creator in brief. */
export const projectCard = projectFields.extend({ creator: creatorSummary });
export type ProjectCard = z.infer<typeof projectCard>;

export const projectResponse = z.object({ data: project, message: z.string().optional() });
export type ProjectResponse = z.infer<typeof projectResponse>;

export const projectListResponse = z.object({
  data: z.object({
    projects: z.array(projectCard),
    total: z.number().int(),
    pages: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  }),
  meta: pageMeta,
});
export type ProjectList = z.infer<typeof projectListResponse>['data'];

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])])
  .transform((value) => value === true || value === 'true' || value === '1' || value === 'on');

export const SORT_FIELDS = [
  'created_at',
  'updated_at',
  'title',
  'end_date',
  'start_date',
  'goal_amount',
  'current_amount',
  'backers_count',
] as const;

/** A query parameter that may be repeated (`category=1&category=2`) or given once. */
const repeated = <T extends z.ZodType>(item: T) =>
  z
    .preprocess(
      (value) => (value === undefined || Array.isArray(value) ? value : [value]),
      z.array(item).max(50),
    )
    .optional();

/** An amount a list is filtered by: major units, never negative. */
const amountBound = z.coerce.number().nonnegative().max(1e12).optional();

/** Explore's status filter (DESIGN.md §5) besides the My Projects tab values. */
export const EXPLORE_STATUSES = ['upcoming', 'completed'] as const;
export const LIST_STATUSES = [
  ...(Object.keys(STATUS_FILTERS) as (keyof typeof STATUS_FILTERS)[]),
  ...EXPLORE_STATUSES,
];
export type ListStatus = (typeof LIST_STATUSES)[number];

export const projectListQuery = z.object({
  my_projects: flag.optional(),
  status: z.enum(LIST_STATUSES as [ListStatus, ...ListStatus[]]).optional(),
  search: z.string().trim().max(SEARCH_MAX_LENGTH, 'msg.project.searchTooLong').optional(),
  category: repeated(z.coerce.number().int().positive()),
  category_id: z.coerce.number().int().positive().optional(),
  progress: repeated(z.enum(PROGRESS_BUCKETS)),
  sort: z.enum(SORT_OPTIONS).optional(),
  /** Bounds on the goal and on the amount raised, in the base currency (DESIGN.md §15). */
  goal_min: amountBound,
  goal_max: amountBound,
  raised_min: amountBound,
  raised_max: amountBound,
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(12),
  sort_by: z.enum(SORT_FIELDS).default('created_at'),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
});
export type ProjectListQuery = z.infer<typeof projectListQuery>;

/**
 * The text fields of the multipart project form (SPEC §3 "Project form fields" and §7). Values arrive as
 * strings; empty means absent. Files come as image_file|image and video_file|video parts.
 */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .transform((value) => (value.trim() === '' ? undefined : value))
    .optional();

export const projectFormFields = z.strictObject({
  title: text(200),
  category_id: text(12),
  goal_amount: text(32),
  funding_goal: text(32),
  start_date: text(10),
  end_date: text(10),
  description: text(100_000),
  risk_and_challenges: text(50_000),
  risks_and_challenges: text(50_000),
  featured: flag.optional(),
  funding_model: z.enum(FUNDING_MODELS).optional(),
  /** Pledge over time (DESIGN.md §20): all-or-nothing only, changeable until launch. */
  pledge_over_time: flag.optional(),
  /** Only the state the endpoint implies is accepted: PENDING (submit) or DRAFT (save draft). */
  status: z.enum(['PENDING', 'DRAFT', 'pending', 'draft']).optional(),
  image_url: text(2000),
  imageUrl: text(2000),
  imageType: z.enum(['file', 'url']).optional(),
  video_url: text(2000),
  videoUrl: text(2000),
  videoType: z.enum(['file', 'url']).optional(),
  language: text(35),
  /** One of the operator's CURRENCIES; changeable until the first pledge. */
  currency: text(3),
});
export type ProjectFormFields = z.infer<typeof projectFormFields>;

export const projectRolesResponse = z.object({
  data: z.object({
    roles: z.array(z.string()),
    isCreator: z.boolean(),
    /** The caller's own permissions as a collaborator (DESIGN.md §19): the controls the client shows them. */
    my_permissions: z.array(z.enum(COLLABORATOR_PERMISSIONS)),
  }),
});

/** A creator ends a live campaign (DESIGN.md §18), with a message to its backers. */
export const cancelProjectRequest = z.strictObject({ message: z.string().trim().min(1).max(2000) });
/** An admin suspends a project for a breach of the rules (DESIGN.md §18). */
export const suspendProjectRequest = z.strictObject({
  reason: z.enum(SUSPENSION_REASONS),
  message: z.string().trim().min(1).max(2000),
});

/** Where the money of a campaign ended early stands (DESIGN.md §18), for admins. */
export const campaignRefundStatus = z.object({
  currency: currencyCode,
  status: z.enum(PROJECT_STATUSES),
  released: z.number().int(),
  refunded: z.number().int(),
  refunded_amount: z.number(),
  to_refund: z.number().int(),
  to_refund_amount: z.number(),
  /** Collected pledges not refunded, with why: their money was paid out and not taken back, or the provider refused. */
  blocked: z.array(
    z.object({
      donation_id: z.number().int(),
      backer: z.string(),
      amount: z.number(),
      reason: z.enum(['paid_out', 'provider_refused']),
    }),
  ),
  /** Payouts the provider refused to take back from the creator's account. */
  payouts_not_recovered: z.array(
    z.object({ payout_id: z.number().int(), amount: z.number(), refused_at: z.string().nullable() }),
  ),
});
export type CampaignRefundStatus = z.infer<typeof campaignRefundStatus>;
export const campaignRefundStatusResponse = z.object({ data: campaignRefundStatus });

export const revokeRequest = z.strictObject({ reason: z.string().trim().max(1000).optional() }).nullish();

export const categoryRequest = z.strictObject({
  name: z.string().trim().min(1, 'msg.category.nameRequired').max(60),
});

export const typeaheadQuery = z.object({
  q: z.string().max(SEARCH_MAX_LENGTH, 'msg.project.searchTooLong').default(''),
});
export const typeaheadResponse = z.object({
  data: z.object({
    projects: z.array(
      z.object({ id: z.number().int(), title: z.string(), category_name: z.string().nullable() }),
    ),
  }),
});
export type TypeaheadResult = z.infer<typeof typeaheadResponse>['data']['projects'][number];

export const discoveryResponse = z.object({
  data: z.object({ featured: z.array(projectCard), trending: z.array(projectCard) }),
});

export const savedListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(PAGE_SIZES.savedProjects),
});

export const saveResponse = z.object({ message: z.string(), data: z.object({ saved: z.boolean() }) });

export const shareResponse = z.object({
  data: z.object({
    url: z.string(),
    title: z.string(),
    social_links: z.object({ twitter: z.string(), facebook: z.string(), linkedin: z.string() }),
    /** The card another site may frame (DESIGN.md §19); null for a project that is not public. */
    embed_url: z.string().nullable(),
  }),
});
export type ShareInfo = z.infer<typeof shareResponse>['data'];

/** `PUT projects/{id}/late-pledges` (DESIGN.md §16): open or close late pledges, optionally until a date. */
export const latePledgesRequest = z.strictObject({
  open: z.boolean(),
  until: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, LATE_PLEDGE_MESSAGES.untilInvalid)
    .nullable()
    .optional(),
});
export type LatePledgesRequest = z.infer<typeof latePledgesRequest>;

export const latePledgesState = z.object({
  open: z.boolean(),
  until: z.string().nullable(),
  late_amount: z.number(),
  late_backers_count: z.number().int(),
  currency: currencyCode,
});
export type LatePledgesState = z.infer<typeof latePledgesState>;
export const latePledgesResponse = z.object({ data: latePledgesState, message: z.string().optional() });
