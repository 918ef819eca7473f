import { z } from 'zod';
import { REASON_MAX } from '../constants';
import { SANCTION_MESSAGES } from '../messages/sanctions';
import { SANCTION_KINDS } from '../rules/sanctions';
import { SUSPENSION_REASONS } from '../rules/projects';
import { currencyCode, pageMeta, pageQueryFields } from './common';

/** Sanctions on accounts and the admin's user directory (DESIGN.md §18). */

const sanctionReason = z.enum(SUSPENSION_REASONS, { error: SANCTION_MESSAGES.reasonUnknown });
/** The admin's own words to the person, mailed with the reason's wording. */
const sanctionMessage = z
  .string({ error: SANCTION_MESSAGES.messageRequired })
  .trim()
  .min(1, SANCTION_MESSAGES.messageRequired)
  .max(REASON_MAX, SANCTION_MESSAGES.messageTooLong);

export const silenceRequest = z.strictObject({
  /** A moment in the future (the service refuses a past one against its clock). */
  until: z.iso.datetime({ offset: true, error: SANCTION_MESSAGES.untilRequired }),
  reason: sanctionReason,
  message: sanctionMessage,
});
export type SilenceRequest = z.infer<typeof silenceRequest>;

export const suspendRequest = z.strictObject({ reason: sanctionReason, message: sanctionMessage });
export type SuspendRequest = z.infer<typeof suspendRequest>;

export const adminUsersQuery = z.object({
  /** Part of a name, username or e-mail address, any case. */
  q: z.string().trim().max(200).optional(),
  ...pageQueryFields(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

/** Where an account stands: its current sanction, if any. */
export const ACCOUNT_STANDINGS = ['active', 'silenced', 'suspended'] as const;
export type AccountStanding = (typeof ACCOUNT_STANDINGS)[number];

const person = z.object({ id: z.number().int(), name: z.string() });

export const adminUserSummary = z.object({
  id: z.number().int(),
  username: z.string(),
  full_name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  standing: z.enum(ACCOUNT_STANDINGS),
  /** The end of a silence in force, else null. */
  silenced_until: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummary>;

export const adminUsersResponse = z.object({ data: z.array(adminUserSummary), meta: pageMeta });

export const sanctionEntry = z.object({
  id: z.number().int(),
  kind: z.enum(SANCTION_KINDS),
  reason: z.enum(SUSPENSION_REASONS),
  message: z.string(),
  until: z.string().nullable(),
  created_by: person.nullable(),
  created_at: z.string(),
  ended_at: z.string().nullable(),
  ended_by: person.nullable(),
});
export type SanctionEntry = z.infer<typeof sanctionEntry>;

export const userReportEntry = z.object({
  id: z.number().int(),
  target_type: z.string(),
  /** The project reported or where the comment or message was written; null for a report of the person. */
  project: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  reporter: person,
  reason: z.string(),
  status: z.enum(['open', 'resolved']),
  created_at: z.string(),
});
export type UserReportEntry = z.infer<typeof userReportEntry>;

export const adminUserRecord = z.object({
  account: adminUserSummary.extend({
    email_verified: z.boolean(),
    two_factor: z.boolean(),
    locale: z.string().nullable(),
  }),
  projects: z.object({
    by_status: z.record(z.string(), z.number().int()),
    list: z.array(
      z.object({ id: z.number().int(), title: z.string(), status: z.string(), created_at: z.string() }),
    ),
  }),
  pledges: z.object({
    count: z.number().int(),
    /** Live and collected pledges, each currency's amount in major units. */
    by_currency: z.array(z.object({ currency: currencyCode, count: z.number().int(), amount: z.number() })),
  }),
  reports_about: z.array(userReportEntry),
  reports_by: z.array(userReportEntry),
  sanctions: z.array(sanctionEntry),
  current_sanction: sanctionEntry.nullable(),
});
export type AdminUserRecord = z.infer<typeof adminUserRecord>;

export const adminUserRecordResponse = z.object({ data: adminUserRecord, message: z.string().optional() });
