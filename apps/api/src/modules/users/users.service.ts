import type { Kysely } from 'kysely';
import {
  isShippedLocale,
  type Locale,
  AUTH_MESSAGES,
  minorToMajor,
  type DataExport,
  type ProfileUpdateRequest,
  type ProjectCreator,
  PUBLIC_STATUSES,
  type PublicProfile,
  type Translator,
  type UserProfile,
} from '@fundry/shared';
import type { DB, User } from '../../db/schema';
import { AppError, forbidden, ListedValues, notFound } from '../../errors';
import { revokeUserSessions } from '../auth/auth.repository';
import type { AuthService } from '../auth/auth.service';
import type { AccessClaims } from '../auth/tokens';
import { newMediaKey, reencodeImage } from '../media/images';
import type { FileStorage } from '../media/storage';
import { notificationText } from '../notifications/notifications.service';
import { toBackerFigures } from '../backing/backing.repository';
import { closeProjectsOfDeletedUser, raisedByCreator } from '../projects/projects.repository';
import { followsUser } from '../follows/follows.repository';
import { readPersonalData } from './data-export.repository';
import {
  anonymiseUser,
  emailOrUsernameTaken,
  findUserById,
  findUserWithFigures,
  hasOpenPledges,
  rolesAndPermissions,
  updateUser,
} from './users.repository';
import { permissionsOf } from '../collaborators/collaborators.repository';

const SUBMITTED_STATUSES = ['PENDING', 'ACTIVE', 'SUCCESSFUL', 'FAILED', 'REJECTED'] as const;
const PROFILE_PHOTO_SIZE = { width: 400, height: 400, fit: 'cover' as const };

/**
 * The person with the counters shown on profiles, or undefined when there is no such person. Others see the projects
 * that are public; the person sees all they submitted.
 */
async function withProfileStats(
  db: Kysely<DB>,
  userId: number,
  audience: 'self' | 'public',
  baseCurrency: string,
) {
  const row = await findUserWithFigures(
    db,
    userId,
    audience === 'self' ? SUBMITTED_STATUSES : PUBLIC_STATUSES,
    baseCurrency,
  );
  if (!row) return undefined;
  const { summary, backed } = toBackerFigures(row, baseCurrency);
  const stats = {
    projects_created_count: Number(row.projects_created ?? 0),
    backed_projects_count: summary.projects,
    total_donations: backed.amount,
    currency: backed.currency,
    approximate: backed.approximate,
  };
  return { user: row satisfies User, stats };
}

type ProfileStats = NonNullable<Awaited<ReturnType<typeof withProfileStats>>>['stats'];

function toPublicProfile(user: User, stats: ProfileStats): PublicProfile {
  // The public profile never carries the e-mail address or roles.
  return {
    id: user.id,
    username: user.username,
    full_name: user.full_name,
    name: user.full_name || user.username,
    location: user.location,
    bio: user.bio,
    website: user.website,
    twitter: user.twitter,
    profile_image: user.profile_image,
    ...stats,
    created_at: user.created_at.toISOString(),
    followers_count: user.followers_count,
    following: false,
  };
}

export class UserService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly storage: FileStorage,
    private readonly auth: AuthService,
    /** The languages the installation offers: a profile may choose only one of them. */
    private readonly locales: readonly Locale[],
    /** The currency a person's totals are counted in (DESIGN.md §15). */
    private readonly baseCurrency: string,
  ) {}

  /** Everything held about the person, for them to download (and take elsewhere); its texts in `t`'s language. */
  async exportData(userId: number, t: Translator): Promise<DataExport> {
    const data = await readPersonalData(this.db, userId);
    if (!data) throw notFound('user');
    const { user } = data;
    const iso = (date: Date | null) => date?.toISOString() ?? null;
    return {
      exported_at: new Date().toISOString(),
      account: {
        id: user.id,
        username: user.username,
        email: user.email,
        email_verified_at: iso(user.email_verified_at),
        full_name: user.full_name,
        location: user.location,
        bio: user.bio,
        website: user.website,
        twitter: user.twitter,
        profile_image: user.profile_image,
        roles: data.roles.map((role) => role.name),
        two_factor_enabled: user.totp_enabled_at !== null,
        linked_sign_in:
          user.oidc_issuer && user.oidc_subject
            ? { issuer: user.oidc_issuer, subject: user.oidc_subject }
            : null,
        created_at: user.created_at.toISOString(),
        updated_at: user.updated_at.toISOString(),
      },
      projects: data.projects.map(({ goal_cents, current_cents, ...project }) => ({
        ...project,
        goal_amount: goal_cents === null ? null : minorToMajor(goal_cents, project.currency),
        current_amount: minorToMajor(current_cents, project.currency),
        created_at: project.created_at.toISOString(),
        updated_at: project.updated_at.toISOString(),
        rewards: data.rewards
          .filter((reward) => reward.project_id === project.id)
          .map(({ project_id: _, minimum_cents, ...reward }) => ({
            ...reward,
            minimum_amount: minorToMajor(minimum_cents, reward.currency),
            created_at: reward.created_at.toISOString(),
          })),
        add_ons: data.addOns
          .filter((addOn) => addOn.project_id === project.id)
          .map(({ project_id: _, price_cents, ...addOn }) => ({
            ...addOn,
            price: minorToMajor(price_cents, addOn.currency),
            created_at: addOn.created_at.toISOString(),
          })),
      })),
      pledges: data.pledges.map((pledge) => ({
        id: pledge.id,
        project: { id: pledge.project_id, title: pledge.project_title },
        reward:
          pledge.reward_id !== null && pledge.reward_title !== null
            ? { id: pledge.reward_id, title: pledge.reward_title }
            : null,
        amount: minorToMajor(pledge.amount_cents, pledge.currency),
        currency: pledge.currency,
        status: pledge.status,
        funding_model: pledge.funding_model,
        shipping_amount: minorToMajor(pledge.shipping_cents, pledge.currency),
        shipping_address: pledge.shipping_address,
        provider: pledge.provider,
        created_at: pledge.created_at.toISOString(),
        pledged_at: iso(pledge.pledged_at),
        canceled_at: iso(pledge.canceled_at),
        succeeded_at: iso(pledge.succeeded_at),
        refunded_at: iso(pledge.refunded_at),
        add_ons: data.pledgeLines
          .filter((line) => line.donation_id === pledge.id)
          .map((line) => ({
            add_on_id: line.add_on_id,
            title: line.title,
            quantity: line.quantity,
            price: minorToMajor(line.price_cents, pledge.currency),
            shipping_amount: minorToMajor(line.shipping_cents, pledge.currency),
          })),
      })),
      saved_projects: data.saved.map((saved) => ({
        project: { id: saved.id, title: saved.title },
        saved_at: saved.saved_at.toISOString(),
      })),
      notifications: data.notifications.map(({ message, message_values, ...notification }) => ({
        ...notification,
        message: notificationText(t, { message, message_values }),
        read_at: iso(notification.read_at),
        created_at: notification.created_at.toISOString(),
      })),
      sessions: data.sessions.map((session) => ({
        created_at: session.created_at.toISOString(),
        expires_at: session.expires_at.toISOString(),
        used_at: iso(session.used_at),
        revoked_at: iso(session.revoked_at),
      })),
      bank_account: data.bankAccount ?? null,
      payouts: data.payouts.map(({ amount_cents, fee_cents, ...payout }) => ({
        ...payout,
        amount: minorToMajor(amount_cents, payout.currency),
        fee_amount: minorToMajor(fee_cents, payout.currency),
        created_at: payout.created_at.toISOString(),
        completed_at: iso(payout.completed_at),
      })),
      mails: data.mails.map((mail) => ({
        subject: mail.subject,
        status: mail.status,
        created_at: mail.created_at.toISOString(),
        sent_at: iso(mail.sent_at),
      })),
      comments: data.comments.map((comment) => ({
        ...comment,
        created_at: comment.created_at.toISOString(),
        edited_at: iso(comment.edited_at),
        removed_at: iso(comment.removed_at),
      })),
      updates: data.updates.map((update) => ({
        ...update,
        published_at: update.published_at.toISOString(),
        edited_at: iso(update.edited_at),
        deleted_at: iso(update.deleted_at),
      })),
      reports: data.reports.map((report) => ({
        ...report,
        created_at: report.created_at.toISOString(),
        resolved_at: iso(report.resolved_at),
      })),
      reminders: data.reminders.map((reminder) => ({ ...reminder, sent_at: reminder.sent_at.toISOString() })),
      message_threads: data.threads.map((thread) => ({
        id: thread.id,
        project: { id: thread.project_id, title: thread.project_title },
        role: thread.creator_id === userId ? ('creator' as const) : ('person' as const),
        other_party: { id: thread.other_id, name: thread.other_name },
        created_at: thread.created_at.toISOString(),
        last_message_at: thread.last_message_at.toISOString(),
        messages: data.messages
          .filter((message) => message.thread_id === thread.id)
          .map(({ thread_id: _, ...message }) => ({
            ...message,
            created_at: message.created_at.toISOString(),
          })),
      })),
      message_blocks: data.blocks.map((block) => ({
        person: { id: block.blocked_id, name: block.blocked_name },
        created_at: block.created_at.toISOString(),
      })),
      follows: {
        projects: data.followedProjects.map((follow) => ({
          project: { id: follow.id, title: follow.title },
          followed_at: follow.followed_at.toISOString(),
        })),
        creators: data.followedCreators.map((follow) => ({
          person: { id: follow.id, name: follow.full_name || follow.username },
          followed_at: follow.followed_at.toISOString(),
        })),
      },
      collaborations: data.collaborations.map((row) => ({
        project: { id: row.id, title: row.title },
        permissions: permissionsOf(row),
        invited_at: row.created_at.toISOString(),
        accepted_at: row.accepted_at?.toISOString() ?? null,
      })),
      preferences: data.preferences,
    };
  }

  async getProfile(userId: number): Promise<UserProfile> {
    const [profile, { roles }, raised] = await Promise.all([
      withProfileStats(this.db, userId, 'self', this.baseCurrency),
      rolesAndPermissions(this.db, userId),
      raisedByCreator(this.db, userId, this.baseCurrency),
    ]);
    if (!profile) throw notFound('profile');
    const { user, stats } = profile;
    return {
      ...toPublicProfile(user, stats),
      email: user.email,
      roles,
      total_raised: raised.amount,
      // Either total the person sees may add currencies.
      approximate: stats.approximate || raised.approximate,
      locale: isShippedLocale(user.locale) ? user.locale : null,
    };
  }

  /** Another person's profile, with whether `viewerId` (signed in) follows them (DESIGN.md §19). */
  async getPublicProfile(userId: number, viewerId?: number): Promise<PublicProfile> {
    const [profile, following] = await Promise.all([
      withProfileStats(this.db, userId, 'public', this.baseCurrency),
      viewerId === undefined || viewerId === userId ? false : followsUser(this.db, viewerId, userId),
    ]);
    if (!profile) throw notFound('profile');
    return { ...toPublicProfile(profile.user, profile.stats), following };
  }

  /** The creator as a project page shows them; one whose account is gone has no name, and each page says so in its language. */
  async creatorProfile(userId: number): Promise<ProjectCreator> {
    const profile = await this.getPublicProfile(userId).catch(() => null);
    if (profile) return profile;
    return {
      id: userId,
      username: '',
      full_name: '',
      name: '',
      profile_image: null,
      location: null,
      bio: null,
      website: null,
      twitter: null,
      created_at: new Date(0).toISOString(),
      projects_created_count: 0,
      backed_projects_count: 0,
      followers_count: 0,
      following: false,
    };
  }

  /** The language the person chose, from the language menu (DESIGN.md §14). */
  async updateLocale(userId: number, locale: string): Promise<UserProfile> {
    if (!(await findUserById(this.db, userId))) throw notFound('profile');
    await updateUser(this.db, userId, { locale: this.offeredLocale(locale) });
    return this.getProfile(userId);
  }

  private offeredLocale(locale: string): Locale {
    const offered = this.locales.find((candidate) => candidate === locale);
    if (!offered) {
      throw new AppError(
        'VALIDATION_ERROR',
        'api.profile.localeNotOffered',
        { locale: ['api.profile.localeNotOffered'] },
        undefined,
        { locales: new ListedValues(this.locales) },
      );
    }
    return offered;
  }

  async updateProfile(userId: number, changes: ProfileUpdateRequest, photo?: Buffer): Promise<UserProfile> {
    const user = await findUserById(this.db, userId);
    if (!user) throw notFound('profile');
    const locale = changes.locale === undefined ? user.locale : this.offeredLocale(changes.locale);
    const username = changes.username ?? user.username;
    const taken = await emailOrUsernameTaken(this.db, changes.email, username, userId);
    if (taken.email) {
      throw new AppError('CONFLICT', 'api.auth.emailTaken', {
        email: ['api.auth.emailTaken'],
      });
    }
    if (taken.username) {
      throw new AppError('CONFLICT', 'api.auth.usernameTaken', {
        username: ['api.auth.usernameTaken'],
      });
    }

    let profileImage = user.profile_image;
    if (photo) {
      const image = await reencodeImage(photo, PROFILE_PHOTO_SIZE);
      profileImage = await this.storage.put(
        newMediaKey('avatars', image.extension),
        image.bytes,
        image.contentType,
      );
    }
    const emailChanged = changes.email.toLowerCase() !== user.email.toLowerCase();
    await updateUser(this.db, userId, {
      full_name: changes.full_name,
      email: changes.email,
      username,
      location: changes.location === undefined ? user.location : changes.location,
      bio: changes.bio === undefined ? user.bio : changes.bio,
      website: changes.website === undefined ? user.website : changes.website,
      twitter: changes.twitter === undefined ? user.twitter : (changes.twitter?.replace(/^@/, '') ?? null),
      profile_image: profileImage,
      locale,
      // A new address must be confirmed before it can be used to sign in.
      ...(emailChanged ? { email_verified_at: null } : {}),
    });
    if (emailChanged) await this.auth.resendVerification(changes.email);
    if (photo && user.profile_image) await this.storage.remove(user.profile_image);
    return this.getProfile(userId);
  }

  /** Removes what identifies the person and signs them out everywhere; their history stays anonymous. */
  async deleteAccount(userId: number) {
    const user = await findUserById(this.db, userId);
    if (!user) throw notFound('profile');
    if (await hasOpenPledges(this.db, userId)) throw new AppError('CONFLICT', AUTH_MESSAGES.openPledges);
    await this.db.transaction().execute(async (trx) => {
      await anonymiseUser(trx, userId);
      await revokeUserSessions(trx, userId);
      await closeProjectsOfDeletedUser(trx, userId);
    });
    if (user.profile_image) await this.storage.remove(user.profile_image);
  }

  /** Roles and permissions of a user: the user themself or an admin only. */
  async permissionsOf(caller: AccessClaims, userId: number) {
    if (caller.userId !== userId && !caller.roles.includes('Admin')) {
      throw forbidden('api.users.ownPermissions');
    }
    if (!(await findUserById(this.db, userId))) throw notFound('user');
    return rolesAndPermissions(this.db, userId);
  }
}
