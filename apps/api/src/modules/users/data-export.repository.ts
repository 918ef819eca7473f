import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { findPreferences } from '../preferences/preferences.repository';

/**
 * Every row the platform holds about one person, each query bound to `userId`. Columns are named one by
 * one, so that a secret added to a table later does not slip into the export.
 */
export async function readPersonalData(db: Kysely<DB>, userId: number) {
  const user = await db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'email',
      'email_verified_at',
      'full_name',
      'location',
      'bio',
      'website',
      'twitter',
      'profile_image',
      'totp_enabled_at',
      'oidc_issuer',
      'oidc_subject',
      'created_at',
      'updated_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;

  const [
    roles,
    projects,
    rewards,
    pledges,
    saved,
    notifications,
    sessions,
    bankAccount,
    payouts,
    mails,
    comments,
    updates,
    reports,
    reminders,
    preferences,
    addOns,
    pledgeLines,
    threads,
    messages,
    blocks,
    followedProjects,
    followedCreators,
    collaborations,
  ] = await Promise.all([
    db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select('roles.name')
      .where('user_roles.user_id', '=', userId)
      .orderBy('roles.name')
      .execute(),
    db
      .selectFrom('projects')
      .select([
        'id',
        'currency',
        'title',
        'status',
        'funding_model',
        'description',
        'risks_and_challenges',
        'goal_cents',
        'current_cents',
        'backers_count',
        'start_date',
        'end_date',
        'image_url',
        'video_url',
        'revocation_reason',
        'created_at',
        'updated_at',
      ])
      .where('creator_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('rewards')
      .innerJoin('projects', 'projects.id', 'rewards.project_id')
      .select([
        'rewards.id',
        'projects.currency',
        'rewards.project_id',
        'rewards.title',
        'rewards.description',
        'rewards.minimum_cents',
        'rewards.quantity_available',
        'rewards.quantity_claimed',
        'rewards.estimated_delivery_date',
        'rewards.shipping_type',
        'rewards.created_at',
      ])
      .where('projects.creator_id', '=', userId)
      .orderBy('rewards.id')
      .execute(),
    db
      .selectFrom('donations')
      .innerJoin('projects', 'projects.id', 'donations.project_id')
      .leftJoin('rewards', 'rewards.id', 'donations.reward_id')
      .select([
        'donations.id',
        'donations.project_id',
        'projects.title as project_title',
        'donations.reward_id',
        'rewards.title as reward_title',
        'donations.amount_cents',
        'donations.currency',
        'donations.status',
        'donations.funding_model',
        'donations.shipping_cents',
        'donations.shipping_address',
        'donations.provider',
        'donations.created_at',
        'donations.pledged_at',
        'donations.canceled_at',
        'donations.succeeded_at',
        'donations.refunded_at',
      ])
      .where('donations.donor_id', '=', userId)
      .orderBy('donations.id')
      .execute(),
    db
      .selectFrom('saved_projects')
      .innerJoin('projects', 'projects.id', 'saved_projects.project_id')
      .select(['projects.id', 'projects.title', 'saved_projects.saved_at'])
      .where('saved_projects.user_id', '=', userId)
      .orderBy('saved_projects.saved_at')
      .execute(),
    db
      .selectFrom('notifications')
      .select(['id', 'type', 'message', 'message_values', 'project_id', 'read_at', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('refresh_tokens')
      .select(['created_at', 'expires_at', 'used_at', 'revoked_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('bank_accounts')
      .select(['provider', 'payouts_enabled', 'requirements_due'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('payouts')
      .select([
        'id',
        'currency',
        'project_id',
        'amount_cents',
        'fee_cents',
        'status',
        'created_at',
        'completed_at',
      ])
      .where('creator_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('mail_outbox')
      .select(['subject', 'status', 'created_at', 'sent_at'])
      .where('recipient', '=', user.email)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('comments')
      .select(['id', 'project_id', 'update_id', 'parent_id', 'body', 'created_at', 'edited_at', 'removed_at'])
      .where('author_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('project_updates')
      .select([
        'id',
        'project_id',
        'number',
        'title',
        'body',
        'visibility',
        'published_at',
        'edited_at',
        'deleted_at',
      ])
      .where('author_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('reports')
      .select([
        'id',
        'target_type',
        'project_id',
        'comment_id',
        'message_id',
        'reported_user_id',
        'reason',
        'category',
        'status',
        'resolution',
        'created_at',
        'resolved_at',
      ])
      .where('reporter_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('sent_reminders')
      .select(['project_id', 'kind', 'sent_at'])
      .where('user_id', '=', userId)
      .orderBy('sent_at')
      .execute(),
    findPreferences(db, userId),
    // The add-ons offered on one's own projects.
    db
      .selectFrom('add_ons')
      .innerJoin('projects', 'projects.id', 'add_ons.project_id')
      .select([
        'add_ons.id',
        'projects.currency',
        'add_ons.project_id',
        'add_ons.title',
        'add_ons.description',
        'add_ons.price_cents',
        'add_ons.quantity_available',
        'add_ons.quantity_claimed',
        'add_ons.image_url',
        'add_ons.created_at',
      ])
      .where('projects.creator_id', '=', userId)
      .orderBy('add_ons.id')
      .execute(),
    // The add-ons each of one's pledges holds, at the price and shipping they were pledged at.
    db
      .selectFrom('donation_add_ons')
      .innerJoin('donations', 'donations.id', 'donation_add_ons.donation_id')
      .innerJoin('add_ons', 'add_ons.id', 'donation_add_ons.add_on_id')
      .select([
        'donation_add_ons.donation_id',
        'donation_add_ons.add_on_id',
        'add_ons.title',
        'donation_add_ons.quantity',
        'donation_add_ons.price_cents',
        'donation_add_ons.shipping_cents',
      ])
      .where('donations.donor_id', '=', userId)
      .orderBy('donation_add_ons.donation_id')
      .orderBy('donation_add_ons.add_on_id')
      .execute(),
    // Conversations one is a party of, as the person writing to a creator or as the creator.
    db
      .selectFrom('message_threads as t')
      .innerJoin('projects as p', 'p.id', 't.project_id')
      .innerJoin('users as o', (join) =>
        join.on(
          'o.id',
          '=',
          sql<number>`case when t.creator_id = ${userId} then t.person_id else t.creator_id end`,
        ),
      )
      .select([
        't.id',
        't.project_id',
        'p.title as project_title',
        't.creator_id',
        'o.id as other_id',
        'o.full_name as other_name',
        't.created_at',
        't.last_message_at',
      ])
      .where((eb) => eb.or([eb('t.creator_id', '=', userId), eb('t.person_id', '=', userId)]))
      .orderBy('t.id')
      .execute(),
    // Every message of those conversations: the ones written and the ones received.
    db
      .selectFrom('messages as m')
      .innerJoin('message_threads as t', 't.id', 'm.thread_id')
      .select(['m.id', 'm.thread_id', 'm.author_id', 'm.body', 'm.created_at'])
      .where((eb) => eb.or([eb('t.creator_id', '=', userId), eb('t.person_id', '=', userId)]))
      .orderBy('m.id')
      .execute(),
    // The people one blocked from writing (blocks of oneself are the other person's choice, not one's data).
    db
      .selectFrom('message_blocks as b')
      .innerJoin('users as u', 'u.id', 'b.blocked_id')
      .select(['b.blocked_id', 'u.full_name as blocked_name', 'b.created_at'])
      .where('b.blocker_id', '=', userId)
      .orderBy('b.created_at')
      .execute(),
    db
      .selectFrom('project_follows as f')
      .innerJoin('projects as p', 'p.id', 'f.project_id')
      .select(['p.id', 'p.title', 'f.followed_at'])
      .where('f.user_id', '=', userId)
      .orderBy('f.followed_at')
      .execute(),
    db
      .selectFrom('user_follows as f')
      .innerJoin('users as u', 'u.id', 'f.followed_id')
      .select(['u.id', 'u.full_name', 'u.username', 'f.followed_at'])
      .where('f.follower_id', '=', userId)
      .orderBy('f.followed_at')
      .execute(),
    // An invitation to one's address is one's data before one accepts it.
    db
      .selectFrom('project_collaborators as c')
      .innerJoin('projects as p', 'p.id', 'c.project_id')
      .select([
        'p.id',
        'p.title',
        'c.can_edit',
        'c.can_community',
        'c.can_fulfilment',
        'c.created_at',
        'c.accepted_at',
      ])
      .where((eb) =>
        eb.or([
          eb('c.user_id', '=', userId),
          eb.and([eb('c.user_id', 'is', null), eb(sql`lower(c.email)`, '=', user.email.toLowerCase())]),
        ]),
      )
      .orderBy('c.created_at')
      .execute(),
  ]);
  return {
    user,
    roles,
    projects,
    rewards,
    pledges,
    saved,
    notifications,
    sessions,
    bankAccount,
    payouts,
    mails,
    comments,
    updates,
    reports,
    reminders,
    preferences,
    addOns,
    pledgeLines,
    threads,
    messages,
    blocks,
    followedProjects,
    followedCreators,
    collaborations,
  };
}
