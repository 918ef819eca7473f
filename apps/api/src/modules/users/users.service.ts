import type { Kysely } from 'kysely';
import {
  centsToDollars,
  type ProfileUpdateRequest,
  type ProjectCreator,
  PUBLIC_STATUSES,
  type PublicProfile,
  type UserProfile,
} from '@fundry/shared';
import type { DB, User } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { revokeUserSessions } from '../auth/auth.repository';
import type { AuthService } from '../auth/auth.service';
import type { AccessClaims } from '../auth/tokens';
import { newMediaKey, reencodeImage } from '../media/images';
import type { FileStorage } from '../media/storage';
import { backerTotals } from '../backing/backing.repository';
import {
  closeProjectsOfDeletedUser,
  countProjectsByCreator,
  raisedByCreator,
} from '../projects/projects.repository';
import {
  anonymiseUser,
  emailOrUsernameTaken,
  findUserById,
  rolesAndPermissions,
  updateUser,
} from './users.repository';

const SUBMITTED_STATUSES = ['PENDING', 'ACTIVE', 'SUCCESSFUL', 'FAILED', 'REJECTED'] as const;
const PROFILE_PHOTO_SIZE = { width: 400, height: 400, fit: 'cover' as const };

/**
 * Counters shown on profiles. Others see the projects that are public; the person sees all they submitted.
 */
async function profileStats(db: Kysely<DB>, userId: number, audience: 'self' | 'public') {
  const statuses = audience === 'self' ? SUBMITTED_STATUSES : PUBLIC_STATUSES;
  const [backing, projectsCreated] = await Promise.all([
    backerTotals(db, userId),
    countProjectsByCreator(db, userId, statuses),
  ]);
  return {
    projects_created_count: projectsCreated,
    backed_projects_count: backing.projects,
    total_donations: centsToDollars(backing.totalCents),
  };
}

function toPublicProfile(user: User, stats: Awaited<ReturnType<typeof profileStats>>): PublicProfile {
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
  };
}

export class UserService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly storage: FileStorage,
    private readonly auth: AuthService,
  ) {}

  async getProfile(userId: number): Promise<UserProfile> {
    const user = await findUserById(this.db, userId);
    if (!user) throw notFound('Profile');
    const [{ roles }, stats] = await Promise.all([
      rolesAndPermissions(this.db, userId),
      profileStats(this.db, userId, 'self'),
    ]);
    return {
      ...toPublicProfile(user, stats),
      email: user.email,
      roles,
      total_raised: await raisedByCreator(this.db, userId),
    };
  }

  async getPublicProfile(userId: number): Promise<PublicProfile> {
    const [user, stats] = await Promise.all([
      findUserById(this.db, userId),
      profileStats(this.db, userId, 'public'),
    ]);
    if (!user) throw notFound('Profile');
    return toPublicProfile(user, stats);
  }

  /** The creator as a project page shows them. */
  async creatorProfile(userId: number): Promise<ProjectCreator> {
    const profile = await this.getPublicProfile(userId).catch(() => null);
    if (profile) return profile;
    return {
      id: userId,
      username: 'deleted',
      full_name: '',
      name: 'Anonymous Creator',
      profile_image: null,
      location: null,
      bio: null,
      website: null,
      twitter: null,
      created_at: new Date(0).toISOString(),
      projects_created_count: 0,
      backed_projects_count: 0,
    };
  }

  async updateProfile(userId: number, changes: ProfileUpdateRequest, photo?: Buffer): Promise<UserProfile> {
    const user = await findUserById(this.db, userId);
    if (!user) throw notFound('Profile');
    const username = changes.username ?? user.username;
    const taken = await emailOrUsernameTaken(this.db, changes.email, username, userId);
    if (taken.email) {
      throw new AppError('CONFLICT', 'An account with this email already exists', {
        email: ['An account with this email already exists'],
      });
    }
    if (taken.username) {
      throw new AppError('CONFLICT', 'This username is already taken', {
        username: ['This username is already taken'],
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
    if (!user) throw notFound('Profile');
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
      throw forbidden('You may only read your own permissions');
    }
    if (!(await findUserById(this.db, userId))) throw notFound('User');
    return rolesAndPermissions(this.db, userId);
  }
}
