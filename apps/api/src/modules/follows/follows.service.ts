import type { Kysely } from 'kysely';
import {
  FOLLOW_MESSAGES,
  type FollowState,
  type FollowingPage,
  shownFollowersCount,
  todayUtc,
} from '@fundry/shared';
import type { DB } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { Clock } from '../../lib/clock';
import { type AccessClaims, isAdmin } from '../auth/tokens';
import { isCreatorOf, type ProjectAccess } from '../projects/project-access';
import {
  findFollowable,
  followProject,
  followUser,
  listFollowing,
  unfollowProject,
  unfollowUser,
} from './follows.repository';

const pages = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));

/**
 * Following (DESIGN.md §19): "Notify me on launch" of an upcoming or live project, and following a creator. Each is
 * the caller's own, signed in; the counts live on the followed row (decision 034).
 */
export class FollowService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly access: ProjectAccess,
    private readonly clock: Clock,
  ) {}

  /**
   * Notify me on launch: a project anyone may see (404 otherwise) that is upcoming or running (409 otherwise), never
   * one's own (422). Again is no change.
   */
  async followProject(projectId: number, caller: AccessClaims): Promise<FollowState> {
    const project = await this.access.visible(projectId, caller);
    if (isCreatorOf(caller, project)) throw new AppError('UNPROCESSABLE', FOLLOW_MESSAGES.notYourself);
    const today = todayUtc(this.clock());
    if (project.status !== 'ACTIVE' || !project.end_date || project.end_date < today) {
      throw new AppError('CONFLICT', FOLLOW_MESSAGES.notFollowable);
    }
    const count = await this.db.transaction().execute((trx) => followProject(trx, projectId, caller.userId));
    return { following: true, followers_count: shownFollowersCount(count, isAdmin(caller)) };
  }

  /** Stops notifying: allowed whatever the project's state (one that is not followed is no change). */
  async unfollowProject(projectId: number, caller: AccessClaims): Promise<FollowState> {
    const project = await this.access.visible(projectId, caller);
    const count = await this.db
      .transaction()
      .execute((trx) => unfollowProject(trx, projectId, caller.userId));
    return {
      following: false,
      followers_count: shownFollowersCount(count, isAdmin(caller) || isCreatorOf(caller, project)),
    };
  }

  /** Follows a person (a creator): one who exists (404), never oneself (422). Again is no change. */
  async followUser(userId: number, caller: AccessClaims): Promise<FollowState> {
    if (userId === caller.userId) throw new AppError('UNPROCESSABLE', FOLLOW_MESSAGES.notYourself);
    if (!(await findFollowable(this.db, userId))) throw notFound('profile');
    const count = await this.db.transaction().execute((trx) => followUser(trx, userId, caller.userId));
    return { following: true, followers_count: count };
  }

  async unfollowUser(userId: number, caller: AccessClaims): Promise<FollowState> {
    if (!(await findFollowable(this.db, userId))) throw notFound('profile');
    const count = await this.db.transaction().execute((trx) => unfollowUser(trx, userId, caller.userId));
    return { following: false, followers_count: count };
  }

  /** GET users/me/following: whom I follow, the most recently followed first. */
  async following(caller: AccessClaims, page: number, perPage: number): Promise<FollowingPage> {
    const { rows, total } = await listFollowing(this.db, caller.userId, page, perPage);
    return {
      data: {
        users: rows.map((row) => ({
          id: row.id,
          username: row.username,
          full_name: row.full_name,
          name: row.full_name || row.username,
          profile_image: row.profile_image,
          bio: row.bio,
          followers_count: row.followers_count,
          followed_at: row.followed_at.toISOString(),
        })),
      },
      meta: { total, pages: pages(total, perPage), page, per_page: perPage },
    };
  }
}
