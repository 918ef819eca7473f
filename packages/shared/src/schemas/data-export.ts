import { z } from 'zod';
import { COLLABORATOR_PERMISSIONS } from '../messages/collaborators';
import { shippingAddressView } from './backing';
import { currencyCode } from './common';
import { preferences } from './preferences';

const timestamp = z.string();
const optionalTimestamp = z.string().nullable();

/**
 * `GET /profile/export`: everything the platform holds about the caller, as a downloadable file. No secret is
 * ever part of it (password and token hashes, two-factor secrets, provider session ids, mail bodies with links).
 * Amounts are dollars, as everywhere in the API.
 */
export const dataExport = z.object({
  exported_at: timestamp,
  account: z.object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    email_verified_at: optionalTimestamp,
    full_name: z.string(),
    location: z.string().nullable(),
    bio: z.string().nullable(),
    website: z.string().nullable(),
    twitter: z.string().nullable(),
    profile_image: z.string().nullable(),
    roles: z.array(z.string()),
    two_factor_enabled: z.boolean(),
    /** The identity provider an account was linked to by third-party sign-in, and its id for the person. */
    linked_sign_in: z.object({ issuer: z.string(), subject: z.string() }).nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
  projects: z.array(
    z.object({
      id: z.number().int(),
      currency: currencyCode,
      title: z.string(),
      status: z.string(),
      funding_model: z.string(),
      description: z.string().nullable(),
      risks_and_challenges: z.string().nullable(),
      goal_amount: z.number().nullable(),
      current_amount: z.number(),
      backers_count: z.number().int(),
      start_date: z.string().nullable(),
      end_date: z.string().nullable(),
      image_url: z.string().nullable(),
      video_url: z.string().nullable(),
      revocation_reason: z.string().nullable(),
      created_at: timestamp,
      updated_at: timestamp,
      rewards: z.array(
        z.object({
          id: z.number().int(),
          currency: currencyCode,
          title: z.string(),
          description: z.string(),
          minimum_amount: z.number(),
          quantity_available: z.number().int().nullable(),
          quantity_claimed: z.number().int(),
          estimated_delivery_date: z.string(),
          shipping_type: z.string(),
          created_at: timestamp,
        }),
      ),
      /** Items offered beside the rewards (DESIGN.md §16). */
      add_ons: z.array(
        z.object({
          id: z.number().int(),
          currency: currencyCode,
          title: z.string(),
          description: z.string(),
          price: z.number(),
          quantity_available: z.number().int().nullable(),
          quantity_claimed: z.number().int(),
          image_url: z.string().nullable(),
          created_at: timestamp,
        }),
      ),
    }),
  ),
  pledges: z.array(
    z.object({
      id: z.number().int(),
      project: z.object({ id: z.number().int(), title: z.string() }),
      reward: z.object({ id: z.number().int(), title: z.string() }).nullable(),
      amount: z.number(),
      currency: currencyCode,
      status: z.string(),
      funding_model: z.string(),
      shipping_amount: z.number(),
      /** Where the reward ships: kept with the pledge, so it is the backer's data too. */
      shipping_address: shippingAddressView.nullable(),
      provider: z.string(),
      created_at: timestamp,
      pledged_at: optionalTimestamp,
      canceled_at: optionalTimestamp,
      succeeded_at: optionalTimestamp,
      refunded_at: optionalTimestamp,
      /** The add-ons the pledge holds, at the price and shipping (all items) they were pledged at. */
      add_ons: z.array(
        z.object({
          add_on_id: z.number().int(),
          title: z.string(),
          quantity: z.number().int(),
          price: z.number(),
          shipping_amount: z.number(),
        }),
      ),
    }),
  ),
  saved_projects: z.array(
    z.object({ project: z.object({ id: z.number().int(), title: z.string() }), saved_at: timestamp }),
  ),
  notifications: z.array(
    z.object({
      id: z.number().int(),
      type: z.string(),
      message: z.string(),
      project_id: z.number().int().nullable(),
      read_at: optionalTimestamp,
      created_at: timestamp,
    }),
  ),
  /** Sign-in sessions: when each was opened, refreshed and ends, never the token. */
  sessions: z.array(
    z.object({
      created_at: timestamp,
      expires_at: timestamp,
      used_at: optionalTimestamp,
      revoked_at: optionalTimestamp,
    }),
  ),
  bank_account: z
    .object({ provider: z.string(), payouts_enabled: z.boolean(), requirements_due: z.array(z.string()) })
    .nullable(),
  payouts: z.array(
    z.object({
      id: z.number().int(),
      currency: currencyCode,
      project_id: z.number().int(),
      amount: z.number(),
      fee_amount: z.number(),
      status: z.string(),
      created_at: timestamp,
      completed_at: optionalTimestamp,
    }),
  ),
  /** Mails sent to the person: what and when, without their bodies (which held one-time links). */
  mails: z.array(
    z.object({ subject: z.string(), status: z.string(), created_at: timestamp, sent_at: optionalTimestamp }),
  ),
  /** Comments and replies written, with their text also when they were removed. */
  comments: z.array(
    z.object({
      id: z.number().int(),
      project_id: z.number().int(),
      update_id: z.number().int().nullable(),
      parent_id: z.number().int().nullable(),
      body: z.string(),
      created_at: timestamp,
      edited_at: optionalTimestamp,
      removed_at: optionalTimestamp,
    }),
  ),
  /** Updates posted on one's own projects (rich text, as written). */
  updates: z.array(
    z.object({
      id: z.number().int(),
      project_id: z.number().int(),
      number: z.number().int(),
      title: z.string(),
      body: z.string(),
      visibility: z.string(),
      published_at: timestamp,
      edited_at: optionalTimestamp,
      deleted_at: optionalTimestamp,
    }),
  ),
  /** Reports made of projects, comments, messages and people, and what became of them. */
  reports: z.array(
    z.object({
      id: z.number().int(),
      target_type: z.string(),
      /** Null for a report of a person. */
      project_id: z.number().int().nullable(),
      comment_id: z.number().int().nullable(),
      message_id: z.number().int().nullable(),
      reported_user_id: z.number().int().nullable(),
      reason: z.string(),
      category: z.string(),
      status: z.string(),
      resolution: z.string().nullable(),
      created_at: timestamp,
      resolved_at: optionalTimestamp,
    }),
  ),
  /** Reminders sent about saved projects (at launch, and before the end). */
  reminders: z.array(z.object({ project_id: z.number().int(), kind: z.string(), sent_at: timestamp })),
  /**
   * Conversations with creators, and as a creator (DESIGN.md §17): each with the other party's public name and every
   * message in it, those written and those received, oldest first.
   */
  message_threads: z.array(
    z.object({
      id: z.number().int(),
      project: z.object({ id: z.number().int(), title: z.string() }),
      /** `creator`: the conversation is about one's own project; `person`: one wrote to its creator. */
      role: z.enum(['creator', 'person']),
      other_party: z.object({ id: z.number().int(), name: z.string() }),
      created_at: timestamp,
      last_message_at: timestamp,
      messages: z.array(
        z.object({
          id: z.number().int(),
          author_id: z.number().int(),
          body: z.string(),
          created_at: timestamp,
        }),
      ),
    }),
  ),
  /** The people one blocked from writing, and since when. */
  message_blocks: z.array(
    z.object({ person: z.object({ id: z.number().int(), name: z.string() }), created_at: timestamp }),
  ),
  /** The projects one asked to be told of at launch and the creators one follows (DESIGN.md §19). */
  follows: z.object({
    projects: z.array(
      z.object({ project: z.object({ id: z.number().int(), title: z.string() }), followed_at: timestamp }),
    ),
    creators: z.array(
      z.object({ person: z.object({ id: z.number().int(), name: z.string() }), followed_at: timestamp }),
    ),
  }),
  /** The project teams one is on or invited to (to one's account or its address), with one's permissions. */
  collaborations: z.array(
    z.object({
      project: z.object({ id: z.number().int(), title: z.string() }),
      permissions: z.array(z.enum(COLLABORATOR_PERMISSIONS)),
      invited_at: timestamp,
      accepted_at: optionalTimestamp,
    }),
  ),
  /** Which e-mails one has chosen to get. */
  preferences,
});
export type DataExport = z.infer<typeof dataExport>;
export const dataExportResponse = z.object({ data: dataExport });
