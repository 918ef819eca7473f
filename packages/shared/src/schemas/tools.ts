import { SURVEY_FILTERS } from '../messages/surveys';
import { z } from 'zod';
import { MAX_PER_PAGE } from '../constants';
import { DONATION_STATUSES } from '../rules/pledges';
import { FUNDING_MODELS } from '../rules/projects';
import { FULFILMENT_STATUSES, instalment, pledgedAddOn, shippingAddressView, trackingUrl } from './backing';
import { currencyCode, pageMeta, pageQueryFields } from './common';
import { REASON_MAX } from '../constants';
import { TOOLS_MESSAGES, AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '../messages/tools';
import { MODERATION_MESSAGES } from '../messages/moderation';
import { DEFAULT_REPORT_CATEGORY, REPORT_CATEGORIES, REPORT_TARGETS } from '../rules/reports';

/** Creator and admin tools (DESIGN.md §12). */

/** A reason a person gives: required, trimmed, at most REASON_MAX characters. */
export const reasonField = z
  .string({ error: TOOLS_MESSAGES.reasonRequired })
  .trim()
  .min(1, TOOLS_MESSAGES.reasonRequired)
  .max(REASON_MAX, TOOLS_MESSAGES.reasonTooLong);

export const reasonRequest = z.strictObject({ reason: reasonField });
export type ReasonRequest = z.infer<typeof reasonRequest>;

/** Activation and featuring need no reason; one may be given for the audit log. */
export const optionalReasonRequest = z
  .strictObject({ reason: z.string().trim().max(REASON_MAX, TOOLS_MESSAGES.reasonTooLong).optional() })
  .nullish();

const pageQuery = pageQueryFields();

const person = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

// ---------------------------------------------------------------------------------------------- review queues

export const queueQuery = z.object(pageQuery);

export const queueProject = z.object({
  id: z.number().int(),
  currency: currencyCode,
  title: z.string(),
  status: z.string(),
  creator: person,
  category_name: z.string().nullable(),
  goal_amount: z.number().nullable(),
  funding_model: z.enum(FUNDING_MODELS),
  featured: z.boolean(),
  featured_requested: z.boolean(),
  submitted_at: z.string().nullable(),
  created_at: z.string(),
  /** Open reports of the project. */
  open_reports: z.number().int(),
});
export type QueueProject = z.infer<typeof queueProject>;

export const queueResponse = z.object({ data: z.array(queueProject), meta: pageMeta });
export type QueueResponse = z.infer<typeof queueResponse>;

export const adminSummaryResponse = z.object({
  data: z.object({
    pending: z.number().int(),
    reports: z.number().int(),
    featured_requests: z.number().int(),
  }),
});
export type AdminSummary = z.infer<typeof adminSummaryResponse>['data'];

// ---------------------------------------------------------------------------------------------- reports

export const REPORT_RESOLUTIONS = ['dismiss', 'reject_project', 'remove_comment'] as const;
export type ReportResolutionAction = (typeof REPORT_RESOLUTIONS)[number];

/**
 * A report (DESIGN.md §18): the reporter's own words and one of the report categories (`other` when none is
 * given). The same body reports a project, a comment, a message thread and a person.
 */
export const reportRequest = z.strictObject({
  reason: reasonField,
  category: z
    .enum(REPORT_CATEGORIES, { error: MODERATION_MESSAGES.categoryInvalid })
    .default(DEFAULT_REPORT_CATEGORY),
});
export type ReportRequest = z.infer<typeof reportRequest>;

export const reportsQuery = z.object({
  ...pageQuery,
  status: z.enum(['open', 'resolved']).default('open'),
});

const reportStatus = z.enum(['open', 'resolved']);

/** What a reporter gets back: their own report, nothing of anyone else's. */
export const filedReport = z.object({
  id: z.number().int(),
  target_type: z.enum(REPORT_TARGETS),
  reason: z.string(),
  category: z.enum(REPORT_CATEGORIES),
  status: reportStatus,
  created_at: z.string(),
});
export type FiledReport = z.infer<typeof filedReport>;

/** One person's report of a reported thing, as the admins read it. */
export const reportEntry = z.object({
  id: z.number().int(),
  reporter: z.object({ id: z.number().int(), name: z.string() }),
  reason: z.string(),
  category: z.enum(REPORT_CATEGORIES),
  created_at: z.string(),
});
export type ReportEntry = z.infer<typeof reportEntry>;

/**
 * A reported thing in the admins' queue, once however many people reported it: `id` is its first report's,
 * and resolving it resolves every report of the thing in the same state.
 */
export const report = z.object({
  id: z.number().int(),
  target_type: z.enum(REPORT_TARGETS),
  /** The project reported, or the one the comment or message belongs to; null for a person. */
  project: z.object({ id: z.number().int(), title: z.string(), status: z.string() }).nullable(),
  comment: z
    .object({
      id: z.number().int(),
      body: z.string(),
      removed: z.boolean(),
      /** Hidden from others while it is reviewed. */
      hidden: z.boolean(),
    })
    .nullable(),
  /** A reported private message: its reporter shares it with the admins by reporting it. */
  message: z
    .object({
      id: z.number().int(),
      body: z.string(),
      author: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    })
    .nullable(),
  /** A reported person. */
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** How many people reported it, and each one's reason and category (oldest first). */
  reporters_count: z.number().int(),
  reports: z.array(reportEntry),
  status: reportStatus,
  resolution: z.enum(['comment_removed', 'project_rejected', 'dismissed']).nullable(),
  resolution_reason: z.string().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type Report = z.infer<typeof report>;

export const reportResponse = z.object({ data: filedReport, message: z.string().optional() });
export const resolvedReportResponse = z.object({ data: report, message: z.string().optional() });
export const reportsResponse = z.object({ data: z.array(report), meta: pageMeta });

export const resolveReportRequest = z.strictObject({
  action: z.enum(REPORT_RESOLUTIONS, { error: 'msg.tools.resolutionRequired' }),
  reason: reasonField,
});
export type ResolveReportRequest = z.infer<typeof resolveReportRequest>;

// ---------------------------------------------------------------------------------------------- audit log

export const auditLogQuery = z.object({
  ...pageQuery,
  action: z.enum(AUDIT_ACTIONS).optional(),
  actor_id: z.coerce.number().int().positive().optional(),
  project_id: z.coerce.number().int().positive().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

export const auditEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  target_type: z.enum(AUDIT_TARGET_TYPES),
  target_id: z.number().int(),
  project: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditLogResponse = z.object({ data: z.array(auditEntry), meta: pageMeta });

// ---------------------------------------------------------------------------------------------- backers

/** The backer list's fulfilment filter: rewards not sent yet, sent (not confirmed) or received (DESIGN.md §17). */
export const FULFILMENT_FILTERS = ['unsent', 'sent', 'received'] as const;
export type FulfilmentFilter = (typeof FULFILMENT_FILTERS)[number];

export const backersQuery = z.object({
  ...pageQuery,
  status: z.enum(DONATION_STATUSES).optional(),
  reward_id: z.coerce.number().int().positive().optional(),
  /** Pledges holding this add-on (DESIGN.md §16). */
  add_on_id: z.coerce.number().int().positive().optional(),
  fulfilment: z.enum(FULFILMENT_FILTERS).optional(),
  /** Collected pledges whose backer answered the survey, or not yet (DESIGN.md §17). */
  survey: z.enum(SURVEY_FILTERS).optional(),
});
export type BackersQuery = z.infer<typeof backersQuery>;

export const backerRow = z.object({
  donation_id: z.number().int(),
  backer: person,
  amount: z.number(),
  currency: currencyCode,
  reward: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  add_ons: z.array(pledgedAddOn),
  status: z.enum(DONATION_STATUSES),
  funding_model: z.enum(FUNDING_MODELS),
  /** A late pledge (DESIGN.md §16), made after the campaign. */
  late: z.boolean(),
  pledged_at: z.string().nullable(),
  shipping_address: shippingAddressView.nullable(),
  fulfilment_status: z.enum(FULFILMENT_STATUSES).nullable(),
  tracking_url: z.string().nullable(),
  /** The caller may refund it now (a collected pledge). */
  can_refund: z.boolean(),
  /** The caller may mark its reward sent now (a collected pledge with a reward, not yet sent). */
  can_mark_sent: z.boolean(),
  /** The survey (DESIGN.md §17): answered or not; null when it was not sent to this pledge. */
  survey: z.enum(SURVEY_FILTERS).nullable(),
  /** Paid over time (DESIGN.md §20): the plan, and what it collected so far; null for a pledge paid at once. */
  plan: z.object({ paid: z.number(), instalments: z.array(instalment) }).nullable(),
});
export type BackerRow = z.infer<typeof backerRow>;

export const backersResponse = z.object({ data: z.array(backerRow), meta: pageMeta });
export type BackersResponse = z.infer<typeof backersResponse>;

export const fulfilmentRequest = z.strictObject({
  status: z.literal('sent', { error: 'msg.tools.statusSent' }),
  tracking_url: trackingUrl.optional(),
});
export type FulfilmentRequest = z.infer<typeof fulfilmentRequest>;

export const bulkFulfilmentRequest = z.strictObject({
  status: z.literal('sent', { error: 'msg.tools.statusSent' }),
  tracking_url: trackingUrl.optional(),
  donation_ids: z.array(z.number().int().positive()).min(1, 'msg.tools.pledgesRequired').max(MAX_PER_PAGE),
});

export const fulfilmentResponse = z.object({
  data: z.object({
    donation_id: z.number().int(),
    fulfilment_status: z.enum(FULFILMENT_STATUSES).nullable(),
    tracking_url: z.string().nullable(),
  }),
  message: z.string(),
});

export const bulkFulfilmentResponse = z.object({
  data: z.object({ updated: z.number().int(), donation_ids: z.array(z.number().int()) }),
  message: z.string(),
});

export const refundResponse = z.object({
  data: z.object({
    donation_id: z.number().int(),
    currency: currencyCode,
    status: z.enum(DONATION_STATUSES),
    amount: z.number(),
  }),
  message: z.string(),
});

// ---------------------------------------------------------------------------------------------- statistics

export const dailyStatsResponse = z.object({
  data: z.object({
    goal_amount: z.number().nullable(),
    currency: currencyCode,
    days: z.array(
      z.object({
        date: z.string(),
        pledges: z.number().int(),
        amount: z.number(),
        cumulative_amount: z.number(),
      }),
    ),
    rewards: z.array(
      z.object({
        reward_id: z.number().int().nullable(),
        title: z.string(),
        backers: z.number().int(),
        amount: z.number(),
      }),
    ),
  }),
});
export type DailyStats = z.infer<typeof dailyStatsResponse>['data'];

// ---------------------------------------------------------------------------------------------- CSV

/** Spreadsheet formula injection: a cell starting with one of these is prefixed with an apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell (RFC 4180): neutralised against formulas, quoted when it holds a quote, comma or line break. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows to an RFC 4180 document: CRLF line ends, with a UTF-8 byte order mark for spreadsheet programs. */
export function toCsv(rows: (string | number | null | undefined)[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
