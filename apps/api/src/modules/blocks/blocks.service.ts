import type { Kysely } from 'kysely';
import { type BlockedUser, MODERATION_MESSAGES } from '@fundry/shared';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import type { ProjectAccess } from '../projects/project-access';
import { deleteBlock, findBlockable, insertBlock, listBlocked } from './blocks.repository';

const pages = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));

/**
 * A creator blocks a person from their projects (DESIGN.md §18): the person can no longer comment on any of the
 * creator's projects or message them, and their comments there are hidden from others. The block is the
 * creator's, not the project's: the project in the path is where the creator acts from (decision 031).
 */
export class BlockService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly access: ProjectAccess,
  ) {}

  /** The people the project's creator blocked: the creator, and admins who read. */
  async list(projectId: number, caller: AccessClaims, page: number, perPage: number) {
    const project = await this.access.authorize(
      projectId,
      caller,
      'run',
      MODERATION_MESSAGES.onlyCreatorBlocks,
    );
    const { rows, total } = await listBlocked(this.db, project.creator_id, page, perPage);
    const data: BlockedUser[] = rows.map((row) => ({
      id: row.id,
      name: row.name,
      profile_image: row.profile_image,
      blocked_at: row.created_at.toISOString(),
    }));
    return { data, meta: { total, pages: pages(total, perPage), page, per_page: perPage } };
  }

  /**
   * Blocks a person (again is no change): only someone who exists, and never the caller, who is the project's
   * creator (the only one who may block from it).
   */
  async block(projectId: number, caller: AccessClaims, userId: number): Promise<BlockedUser> {
    const project = await this.access.authorize(
      projectId,
      caller,
      'block_people',
      MODERATION_MESSAGES.onlyCreatorBlocks,
    );
    if (userId === project.creator_id)
      throw new AppError('UNPROCESSABLE', MODERATION_MESSAGES.cannotBlockSelf);
    const person = await findBlockable(this.db, userId);
    if (!person) throw new AppError('UNPROCESSABLE', MODERATION_MESSAGES.unknownUser);
    const blockedAt = await insertBlock(this.db, project.creator_id, userId);
    return {
      id: person.id,
      name: person.name,
      profile_image: person.profile_image,
      blocked_at: blockedAt.toISOString(),
    };
  }

  /** Lifts a block (one that is not there is no change). */
  async unblock(projectId: number, caller: AccessClaims, userId: number) {
    const project = await this.access.authorize(
      projectId,
      caller,
      'block_people',
      MODERATION_MESSAGES.onlyCreatorBlocks,
    );
    await deleteBlock(this.db, project.creator_id, userId);
  }
}
