import { type Kysely, sql } from 'kysely';
import {
  COMMUNITY_MESSAGES,
  type CommunityListQuery,
  PUBLIC_STATUSES,
  richTextToPlain,
  type UpdateRequest,
  type UpdateView,
} from '@fundry/shared';
import type { DB } from '../../db/schema';
import { AppError, forbidden, notFound, validationError } from '../../errors';
import { type AccessClaims, isAdmin } from '../auth/tokens';
import { mailTemplates } from '../mail/mail.templates';
import { notificationMessages } from '../notifications/notification-messages';
import type { MailService } from '../mail/mail.service';
import type { PreferenceService } from '../preferences/preferences.service';
import { withUnsubscribe } from '../preferences/unsubscribe';
import { isCreatorOf, isEndedEarly, may, mayView, type Team, teamOf } from '../projects/project-access';
import { sanitizeRichText } from '../projects/rich-text';
import { assertMayPublish } from '../sanctions/sanctions.rules';
import {
  type CommunityProject,
  deleteUpdate,
  editUpdate,
  findCommunityProject,
  findUpdate,
  insertUpdate,
  isBackerOf,
  listUpdates,
  notifyBackersOfUpdate,
  type UpdateRow,
  updateMailRecipients,
} from './updates.repository';

const EXCERPT_LENGTH = 280;

export interface CommunityAccess {
  project: CommunityProject;
  isCreator: boolean;
  /** The caller's permissions on the project's team (DESIGN.md §19). */
  team: Team;
  /** Creator or `community`: writes updates, replies as the team, hides and removes comments. */
  speaksForProject: boolean;
  isAdmin: boolean;
  isBacker: boolean;
  /** Creator, admin or backer: may read backers-only updates. */
  readsBackersOnly: boolean;
  /** Creator or backer: may comment (DESIGN.md §11). */
  mayComment: boolean;
}

/**
 * How a community page finds its project: what a visitor reads comes through the project page cache
 * (`ProjectAccess.pageRow`), while a write decides on the database's row (the default).
 */
export type ReadProject = (id: number) => Promise<CommunityProject | undefined>;

/**
 * The caller's standing on a project's community pages. A project others may not see (DRAFT, PENDING, REJECTED)
 * is a 404 to them, exactly as the project itself is.
 */
export async function communityAccess(
  db: Kysely<DB>,
  projectId: number,
  caller: AccessClaims | null,
  readProject: ReadProject = (id) => findCommunityProject(db, id),
): Promise<CommunityAccess> {
  const project = await readProject(projectId);
  if (!project) throw notFound('project');
  const team = await teamOf(db, caller, project);
  if (!mayView(caller, project, team)) throw notFound('project');
  const isCreator = isCreatorOf(caller, project);
  const byAdmin = isAdmin(caller);
  const speaksForProject = caller !== null && may(caller, project, 'post_updates', team);
  const isBacker = caller !== null && !isCreator && (await isBackerOf(db, projectId, caller.userId));
  return {
    project,
    isCreator,
    team,
    speaksForProject,
    isAdmin: byAdmin,
    isBacker,
    readsBackersOnly: isCreator || team.length > 0 || byAdmin || isBacker,
    // A campaign ended early keeps its conversation as it was: read-only (DESIGN.md §18).
    mayComment: (isCreator || speaksForProject || isBacker) && !isEndedEarly(project.status),
  };
}

export function pageMeta(total: number, page: number, perPage: number) {
  return { total, pages: Math.max(1, Math.ceil(total / perPage)), page, per_page: perPage };
}

function toView(row: UpdateRow, access: CommunityAccess): UpdateView {
  const locked = row.visibility === 'backers' && !access.readsBackersOnly;
  return {
    id: row.id,
    project_id: row.project_id,
    number: row.number,
    title: row.title,
    body: locked ? null : row.body,
    visibility: row.visibility,
    author: { id: row.author_id, name: row.author_name, profile_image: row.author_image },
    published_at: row.published_at.toISOString(),
    edited_at: row.edited_at?.toISOString() ?? null,
    comments_count: row.comments_count,
    locked,
  };
}

/** Sanitised like a description; an update that says nothing once cleaned is refused. */
function cleanBody(html: string) {
  const body = sanitizeRichText(html);
  if (!richTextToPlain(body) && !/<img\s/i.test(body)) {
    throw validationError('body', COMMUNITY_MESSAGES.bodyRequired);
  }
  return body;
}

/** A project's updates (DESIGN.md §11): numbered, public or for backers only, written by its creator. */
export class UpdateService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly pageRow: ReadProject,
    private readonly mail: MailService,
    private readonly preferences: PreferenceService,
    private readonly appUrl: string,
  ) {}

  async list(projectId: number, caller: AccessClaims | null, query: CommunityListQuery) {
    const access = await communityAccess(this.db, projectId, caller, this.pageRow);
    const { rows, total } = await listUpdates(this.db, projectId, query.page, query.per_page);
    return {
      data: { updates: rows.map((row) => toView(row, access)) },
      meta: pageMeta(total, query.page, query.per_page),
    };
  }

  async get(projectId: number, updateId: number, caller: AccessClaims | null) {
    const access = await communityAccess(this.db, projectId, caller, this.pageRow);
    const row = await findUpdate(this.db, projectId, updateId);
    if (!row) throw notFound('update');
    return toView(row, access);
  }

  /** The update as a visitor sees it (locked when for backers only), or null when there is none. */
  async preview(projectId: number, updateId: number): Promise<UpdateView | null> {
    const row = await findUpdate(this.db, projectId, updateId);
    return row ? toView(row, await communityAccess(this.db, projectId, null, this.pageRow)) : null;
  }

  /**
   * An update the caller may read (comments on it follow it): 404 when gone, 403 when locked to them. A write on it
   * reads the project from the database (`readProject` left out).
   */
  async readable(
    projectId: number,
    updateId: number,
    caller: AccessClaims | null,
    readProject?: ReadProject,
  ) {
    const access = await communityAccess(this.db, projectId, caller, readProject);
    const row = await findUpdate(this.db, projectId, updateId);
    if (!row) throw notFound('update');
    if (row.visibility === 'backers' && !access.readsBackersOnly) {
      throw forbidden(COMMUNITY_MESSAGES.onlyBackersRead);
    }
    return { access, update: row };
  }

  private async creatorAccess(projectId: number, caller: AccessClaims) {
    const access = await communityAccess(this.db, projectId, caller);
    if (!access.speaksForProject) throw forbidden(COMMUNITY_MESSAGES.onlyCreatorPosts);
    return access;
  }

  async create(projectId: number, caller: AccessClaims, input: UpdateRequest) {
    const access = await this.creatorAccess(projectId, caller);
    const { project } = access;
    if (!PUBLIC_STATUSES.includes(project.status))
      throw new AppError('UNPROCESSABLE', COMMUNITY_MESSAGES.notLive);
    await assertMayPublish(this.db, caller.userId);
    const body = cleanBody(input.body);
    const author = await this.db
      .selectFrom('users')
      .select(sql<string>`coalesce(nullif(full_name, ''), username)`.as('name'))
      .where('id', '=', caller.userId)
      .executeTakeFirstOrThrow();
    const id = await this.db.transaction().execute(async (trx) => {
      const inserted = await insertUpdate(trx, {
        projectId,
        authorId: caller.userId,
        title: input.title,
        body,
        visibility: input.visibility,
      });
      const link = `/projects/${projectId}/updates/${inserted.id}`;
      await notifyBackersOfUpdate(
        trx,
        project,
        notificationMessages.updatePosted(project.title, inserted.number, input.title),
        link,
      );
      const excerpt = richTextToPlain(body);
      const update = {
        number: inserted.number,
        title: input.title,
        excerpt: excerpt.length > EXCERPT_LENGTH ? `${excerpt.slice(0, EXCERPT_LENGTH - 1)}…` : excerpt,
        author: author.name,
      };
      // The recipients' query already leaves out those who turned update mails off.
      for (const person of await updateMailRecipients(trx, project, input.visibility === 'public')) {
        const unsubscribe = this.preferences.links.url(person.id, 'email_updates');
        await this.mail.enqueue(trx, person, (t) =>
          withUnsubscribe(
            t,
            mailTemplates.projectUpdate(
              t,
              person.email,
              person.name,
              project.title,
              update,
              `${this.appUrl}${link}`,
            ),
            'email_updates',
            unsubscribe,
          ),
        );
      }
      return inserted.id;
    });
    this.mail.kick();
    return this.get(projectId, id, caller);
  }

  async update(projectId: number, updateId: number, caller: AccessClaims, input: UpdateRequest) {
    await this.creatorAccess(projectId, caller);
    if (!(await findUpdate(this.db, projectId, updateId))) throw notFound('update');
    await assertMayPublish(this.db, caller.userId);
    await editUpdate(this.db, updateId, { ...input, body: cleanBody(input.body) });
    return this.get(projectId, updateId, caller);
  }

  async remove(projectId: number, updateId: number, caller: AccessClaims) {
    await this.creatorAccess(projectId, caller);
    const row = await findUpdate(this.db, projectId, updateId);
    if (!row || !(await deleteUpdate(this.db, updateId))) throw notFound('update');
  }
}
