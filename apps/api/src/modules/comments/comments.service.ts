import type { Kysely } from 'kysely';
import {
  type Comment,
  type CommentReply,
  type CommentRequest,
  COMMUNITY_MESSAGES,
  type CommunityListQuery,
  MODERATION_MESSAGES,
} from '@fundry/shared';
import type { DB } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import type { KeyedMessage } from '../../i18n';
import { type AccessClaims, isAdmin } from '../auth/tokens';
import { recordAudit } from '../admin/audit.repository';
import { isBlocked } from '../blocks/blocks.repository';
import { mailTemplates } from '../mail/mail.templates';
import type { MailService } from '../mail/mail.service';
import { actor, notificationMessages } from '../notifications/notification-messages';
import { insertNotifications } from '../notifications/notifications.repository';
import type { PreferenceService } from '../preferences/preferences.service';
import { assertMayPublish } from '../sanctions/sanctions.rules';
import {
  type CommunityAccess,
  communityAccess,
  pageMeta,
  type ReadProject,
  type UpdateService,
} from '../updates/updates.service';
import {
  type CommentRow,
  type CommentTarget,
  editComment,
  findComment,
  findUserContact,
  insertComment,
  listThreads,
  moveUpdateCommentCount,
  removeComment,
} from './comments.repository';

const EXCERPT_LENGTH = 200;
const excerpt = (text: string) =>
  text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;

/** Who reads a comment: its author and the admins read a hidden comment; everyone else reads only that it is. */
interface Reader {
  userId: number | null;
  admin: boolean;
}
const readerOf = (caller: AccessClaims | null): Reader => ({
  userId: caller?.userId ?? null,
  admin: isAdmin(caller),
});

/**
 * A comment as `reader` may read it: a tombstone names nobody; a comment hidden while reviewed, or whose author
 * the creator blocked, is sent to others without its text or author (DESIGN.md §18).
 */
function toReply(row: CommentRow, creatorId: number, reader: Reader): CommentReply {
  const removed = row.removed_at !== null;
  const hidden = !removed && (row.hidden_at !== null || row.author_blocked);
  const concealed = removed || (hidden && !reader.admin && reader.userId !== row.author_id);
  return {
    id: row.id,
    parent_id: row.parent_id,
    update_id: row.update_id,
    body: concealed ? '' : row.body,
    author: concealed
      ? null
      : {
          id: row.author_id,
          name: row.author_name,
          profile_image: row.author_image,
          is_creator: row.author_id === creatorId,
          is_team: row.author_team,
          is_backer: row.author_backs,
        },
    created_at: row.created_at.toISOString(),
    edited_at: concealed ? null : (row.edited_at?.toISOString() ?? null),
    removed,
    hidden,
  };
}

/**
 * Comments on a project and on its updates (DESIGN.md §11): threads with one level of replies; only the creator
 * and backers post; a removed comment stays as a tombstone so its replies keep their place.
 */
export class CommentService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly pageRow: ReadProject,
    private readonly updates: UpdateService,
    private readonly mail: MailService,
    private readonly preferences: PreferenceService,
    private readonly appUrl: string,
  ) {}

  /**
   * The caller's standing and the discussion's place; an update locked to the caller is a 403. Reading the list
   * finds the project through the page cache (`readProject`); a write, through the database.
   */
  private async target(
    projectId: number,
    updateId: number | null,
    caller: AccessClaims | null,
    readProject?: ReadProject,
  ) {
    const access =
      updateId === null
        ? await communityAccess(this.db, projectId, caller, readProject)
        : (await this.updates.readable(projectId, updateId, caller, readProject)).access;
    return { access, target: { projectId, updateId } };
  }

  async list(
    projectId: number,
    updateId: number | null,
    caller: AccessClaims | null,
    query: CommunityListQuery,
  ) {
    const { access, target } = await this.target(projectId, updateId, caller, this.pageRow);
    const { threads, replies, total } = await listThreads(
      this.db,
      target,
      query.page,
      query.per_page,
      isAdmin(caller),
    );
    const creatorId = access.project.creator_id;
    const reader = readerOf(caller);
    const byThread = new Map<number, CommentReply[]>();
    for (const reply of replies) {
      const list = byThread.get(reply.parent_id ?? 0) ?? [];
      list.push(toReply(reply, creatorId, reader));
      byThread.set(reply.parent_id ?? 0, list);
    }
    const comments: Comment[] = threads.map((thread) => ({
      ...toReply(thread, creatorId, reader),
      replies: byThread.get(thread.id) ?? [],
    }));
    const blocked = caller !== null && (await isBlocked(this.db, creatorId, caller.userId));
    return {
      data: { comments, can_comment: access.mayComment && !blocked },
      meta: pageMeta(total, query.page, query.per_page),
    };
  }

  async post(projectId: number, updateId: number | null, caller: AccessClaims, input: CommentRequest) {
    const { access, target } = await this.target(projectId, updateId, caller);
    if (!access.mayComment) throw forbidden(COMMUNITY_MESSAGES.onlyBackersComment);
    await assertMayPublish(this.db, caller.userId);
    if (await isBlocked(this.db, access.project.creator_id, caller.userId)) {
      throw forbidden(MODERATION_MESSAGES.blockedFromComments);
    }
    const parent = input.parent_id ? await findComment(this.db, input.parent_id) : null;
    if (input.parent_id) {
      if (!parent || parent.project_id !== projectId || parent.update_id !== updateId) {
        throw new AppError('UNPROCESSABLE', COMMUNITY_MESSAGES.parentElsewhere);
      }
      if (parent.removed_at) throw new AppError('UNPROCESSABLE', COMMUNITY_MESSAGES.commentRemoved);
      // Nobody answers what they cannot read; the hidden comment's author waits for the review like everyone.
      if (parent.hidden_at !== null || parent.author_blocked) {
        throw new AppError('UNPROCESSABLE', MODERATION_MESSAGES.commentHidden);
      }
    }
    // One level of replies: answering a reply joins its thread.
    const threadId = parent ? (parent.parent_id ?? parent.id) : null;
    const id = await this.db.transaction().execute(async (trx) => {
      const commentId = await insertComment(trx, {
        target,
        parentId: threadId,
        authorId: caller.userId,
        body: input.body,
      });
      if (updateId !== null) await moveUpdateCommentCount(trx, updateId, 1);
      await this.notify(trx, access, target, caller.userId, parent, input.body);
      return commentId;
    });
    this.mail.kick();
    const row = await findComment(this.db, id);
    if (!row) throw notFound('comment');
    return toReply(row, access.project.creator_id, readerOf(caller));
  }

  /** A reply tells the author of the comment answered; any comment tells the creator (not their own). */
  private async notify(
    trx: Kysely<DB>,
    access: CommunityAccess,
    target: CommentTarget,
    authorId: number,
    parent: CommentRow | null | undefined,
    body: string,
  ) {
    const { project } = access;
    const link =
      target.updateId === null
        ? `/projects/${project.id}?tab=comments`
        : `/projects/${project.id}/updates/${target.updateId}`;
    const author = await findUserContact(trx, authorId);
    const recipients: Array<{ userId: number; type: string; message: KeyedMessage; subject: KeyedMessage }> =
      [];
    if (parent && parent.author_id !== authorId) {
      recipients.push({
        userId: parent.author_id,
        type: 'COMMENT_REPLY',
        message: notificationMessages.commentReply(author?.name, project.title),
        subject: { key: 'mail.newComment.replySubject', values: { name: actor(author?.name) } },
      });
    }
    if (project.creator_id !== authorId && !recipients.some((r) => r.userId === project.creator_id)) {
      recipients.push({
        userId: project.creator_id,
        type: 'COMMENT',
        message: notificationMessages.comment(author?.name, project.title),
        subject: { key: 'mail.newComment.commentSubject', values: { title: project.title } },
      });
    }
    await insertNotifications(
      trx,
      recipients.map((r) => ({
        userId: r.userId,
        type: r.type,
        message: r.message,
        projectId: project.id,
        link,
      })),
    );
    for (const r of recipients) {
      const contact = await findUserContact(trx, r.userId);
      if (!contact) continue;
      await this.preferences.enqueueGoverned(trx, contact, 'email_comments', (t) =>
        mailTemplates.newComment(
          t,
          contact.email,
          contact.name,
          r.subject,
          r.message,
          excerpt(body),
          `${this.appUrl}${link}`,
        ),
      );
    }
  }

  /** The comment with the caller's standing on its project; a hidden project or a deleted update is a 404. */
  private async existing(id: number, caller: AccessClaims) {
    const row = await findComment(this.db, id);
    if (!row) throw notFound('comment');
    const { access } = await this.target(row.project_id, row.update_id, caller).catch((error: unknown) => {
      // A comment whose discussion the caller may not see does not exist for them.
      if (error instanceof AppError && error.status === 403 && row.author_id !== caller.userId) {
        throw notFound('comment');
      }
      if (error instanceof AppError && error.status === 403) {
        return { access: null };
      }
      throw error;
    });
    return { row, access };
  }

  /** The comment, when the caller may read its discussion: on a hidden project or a locked update it is a 404. */
  async readable(id: number, caller: AccessClaims) {
    const { row, access } = await this.existing(id, caller);
    if (!access) throw notFound('comment');
    return row;
  }

  async edit(id: number, caller: AccessClaims, body: string) {
    const { row } = await this.existing(id, caller);
    if (row.removed_at) throw new AppError('CONFLICT', COMMUNITY_MESSAGES.commentRemoved);
    if (row.author_id !== caller.userId) throw forbidden(COMMUNITY_MESSAGES.notYourComment);
    await assertMayPublish(this.db, caller.userId);
    if (!(await editComment(this.db, id, body)))
      throw new AppError('CONFLICT', COMMUNITY_MESSAGES.commentRemoved);
    const project = await this.db
      .selectFrom('projects')
      .select('creator_id')
      .where('id', '=', row.project_id)
      .executeTakeFirstOrThrow();
    const edited = await findComment(this.db, id);
    if (!edited) throw notFound('comment');
    return toReply(edited, project.creator_id, readerOf(caller));
  }

  /** Removes a comment, leaving a tombstone; `reason` is an admin's, for the audit log (from a report). */
  async remove(id: number, caller: AccessClaims, reason?: string) {
    const { row, access } = await this.existing(id, caller);
    if (row.removed_at) throw new AppError('CONFLICT', COMMUNITY_MESSAGES.commentRemoved);
    const byAdmin = isAdmin(caller);
    // The creator and a collaborator with `community` keep the project's conversation (DESIGN.md §19).
    const isCreator = access?.speaksForProject ?? false;
    if (row.author_id !== caller.userId && !isCreator && !byAdmin) {
      throw forbidden(COMMUNITY_MESSAGES.cannotRemove);
    }
    await this.db.transaction().execute(async (trx) => {
      if (!(await removeComment(trx, id, caller.userId))) {
        throw new AppError('CONFLICT', COMMUNITY_MESSAGES.commentRemoved);
      }
      if (row.update_id !== null) await moveUpdateCommentCount(trx, row.update_id, -1);
      if (byAdmin && row.author_id !== caller.userId && !isCreator) {
        // An admin's removal is recorded in the audit log (DESIGN.md §12).
        await recordAudit(trx, {
          actorId: caller.userId,
          action: 'comment.remove',
          targetType: 'comment',
          targetId: id,
          projectId: row.project_id,
          reason,
        });
      }
    });
  }
}
