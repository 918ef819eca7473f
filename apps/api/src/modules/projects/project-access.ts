import type { Kysely } from 'kysely';
import { type CollaboratorPermission, ENDED_EARLY_STATUSES, PUBLIC_STATUSES } from '@fundry/shared';
import type { DB, ProjectStatusValue } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { type AccessClaims, isAdmin } from '../auth/tokens';
import { memberPermissions } from '../collaborators/collaborators.repository';
import type { ProjectPageCache } from './page-cache';
import { findProject, type ProjectRecord } from './projects.repository';

interface Owned {
  creator_id: number;
}
interface Shown extends Owned {
  status: ProjectStatusValue;
}

export const isCreatorOf = (caller: AccessClaims | null, project: Owned) =>
  caller?.userId === project.creator_id;
/** Listed, searched and browsed by anyone. */
export const isPublic = (status: ProjectStatusValue) =>
  (PUBLIC_STATUSES as readonly string[]).includes(status);
/** Cancelled or suspended (DESIGN.md §18): final, its page a tombstone anyone may open, in no list. */
export const isEndedEarly = (status: ProjectStatusValue) => ENDED_EARLY_STATUSES.includes(status);
/** What anyone may open at its address: a public project or the tombstone of one ended early. */
export const isOpenToAll = (status: ProjectStatusValue) => isPublic(status) || isEndedEarly(status);

/**
 * A live campaign an admin rejected (DESIGN.md §18, the hold): REJECTED after it went live; one rejected in review
 * before it ever went live has no `activated_at`. Its page stays hidden as any rejected one (mayView), but its backers
 * keep their pledge in their own Backed Projects and may cancel it; nothing is collected and no payout is taken.
 */
export const isOnHold = (project: { status: ProjectStatusValue; activated_at: Date | null }) =>
  project.status === 'REJECTED' && project.activated_at !== null;

/**
 * A project a backer backed is on hold when it is REJECTED: only a live campaign takes pledges, so one rejected in
 * review was never backed (the list reads its cards without `activated_at`).
 */
export const isBackedOnHold = (project: { status: ProjectStatusValue }) => project.status === 'REJECTED';

/**
 * A caller's permissions on a project's team (DESIGN.md §19): none for a stranger, and none needed by its creator.
 * Read from the database on each request that decides, never cached, so a removal takes effect at once.
 */
export type Team = readonly CollaboratorPermission[];
const NO_TEAM: Team = [];

/** Loads the caller's permissions on the project's team: one query, only when the caller is not its creator. */
export function teamOf(db: Kysely<DB>, caller: AccessClaims | null, project: Owned & { id: number }) {
  if (!caller || isCreatorOf(caller, project)) return Promise.resolve(NO_TEAM);
  return memberPermissions(db, project.id, caller.userId);
}

/**
 * Who may see a project at all (anyone else gets 404): everyone once it is public or ended early, before that its
 * creator, its team and admins.
 */
export const mayView = (caller: AccessClaims | null, project: Shown, team: Team = NO_TEAM) =>
  isOpenToAll(project.status) || isCreatorOf(caller, project) || team.length > 0 || isAdmin(caller);

/**
 * Who may open the edit form of a project and see it as its creator does: its creator, a collaborator with `edit`
 * and admins (who moderate).
 */
export const mayOpenForEditing = (caller: AccessClaims | null, project: Owned, team: Team = NO_TEAM) =>
  isCreatorOf(caller, project) || team.includes('edit') || isAdmin(caller);

/**
 * What may be done to a project beyond seeing it, by whom. §19's collaborators add their permission to each act here,
 * and nowhere else; whatever is not named for a permission is never a collaborator's (cancel, launch, refunds,
 * payouts, the bank account, the team, deleting).
 * - `offer`: what is offered beside the campaign (rewards, add-ons, stretch goals, late pledges) is managed as
 *   rewards are (SPEC §6): with create_reward, by the project's creator or an admin; and by `edit`.
 * - `survey`: the backer survey (DESIGN.md §16), with create_reward, by its creator or an admin; and by `fulfilment`.
 * - `see_backers`: the backer list, its CSV and marking rewards sent: its creator or an admin; and `fulfilment`.
 * - `run`: the rest of the creator's tools (refunds, the funding curve, the blocked list): its creator or an admin.
 * - `edit`: the project's own fields (the form: story, media): its creator and `edit`; an admin moderates rather
 *   than edits.
 * - `post_updates`: updates (DESIGN.md §11), replying as the team: its creator and `community`.
 * - `moderate_comments`: hiding and removing comments on it: its creator and `community` (admins keep their own
 *   rights in the comments module).
 * - `message_backers`: one message to many of its backers: its creator and `fulfilment`.
 * - `take_payouts`: its money (payouts): its creator only, not even an admin.
 * - `block_people`: keeping a person away from the creator's projects (DESIGN.md §18): its creator only.
 * - `manage_team`: inviting, changing and removing collaborators: its creator only.
 * - `launch`: starting an upcoming campaign before its start date (DESIGN.md §19): its creator only, never an admin
 *   nor a collaborator.
 */
export type ProjectAct =
  | 'offer'
  | 'survey'
  | 'see_backers'
  | 'run'
  | 'edit'
  | 'post_updates'
  | 'moderate_comments'
  | 'message_backers'
  | 'take_payouts'
  | 'block_people'
  | 'manage_team'
  | 'launch';

type Rule = (caller: AccessClaims, project: Owned, team: Team) => boolean;
const creatorOrAdmin: Rule = (caller, project) => isCreatorOf(caller, project) || isAdmin(caller);
const creatorOr =
  (permission: CollaboratorPermission): Rule =>
  (caller, project, team) =>
    isCreatorOf(caller, project) || team.includes(permission);

const ALLOWED: Record<ProjectAct, Rule> = {
  offer: (caller, project, team) =>
    (caller.permissions.includes('create_reward') && creatorOrAdmin(caller, project, team)) ||
    team.includes('edit'),
  survey: (caller, project, team) =>
    (caller.permissions.includes('create_reward') && creatorOrAdmin(caller, project, team)) ||
    team.includes('fulfilment'),
  see_backers: (caller, project, team) =>
    creatorOrAdmin(caller, project, team) || team.includes('fulfilment'),
  run: creatorOrAdmin,
  edit: creatorOr('edit'),
  post_updates: creatorOr('community'),
  moderate_comments: creatorOr('community'),
  message_backers: creatorOr('fulfilment'),
  take_payouts: isCreatorOf,
  block_people: isCreatorOf,
  manage_team: isCreatorOf,
  launch: isCreatorOf,
};

/** May the caller, with these permissions on the project's team (`teamOf`), do `act` to the project? */
export const may = (caller: AccessClaims, project: Owned, act: ProjectAct, team: Team = NO_TEAM) =>
  ALLOWED[act](caller, project, team);

/** The one answer to "may this caller do this to this project?", for every module (DESIGN.md §2). */
export class ProjectAccess {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly pageCache: ProjectPageCache,
    /** Where the page cache reads a row it misses (`Database.readDb`, decision 037). */
    private readonly readDb: Kysely<DB>,
  ) {}

  /**
   * The project's row for a read that decides nothing (the pages of a project and of its community): a public one
   * from the page cache, whoever may see it. A write decides on the database's row.
   */
  readonly pageRow = (id: number) => this.pageCache.project(id, () => findProject(this.readDb, id));

  /** The caller's permissions on the project's team (none for its creator, a stranger or anyone signed out). */
  readonly team = (caller: AccessClaims | null, project: Owned & { id: number }) =>
    teamOf(this.db, caller, project);

  /** A project the caller may see, or 404 (also for projects that exist but are private to others). */
  async visible(id: number, caller: AccessClaims | null, from: 'page' | 'database' = 'database') {
    const row = await (from === 'page' ? this.pageRow(id) : findProject(this.db, id));
    if (!row) throw notFound('project');
    // Only a project others may not see asks who the caller is to it.
    if (!isOpenToAll(row.status) && !mayView(caller, row, await this.team(caller, row))) {
      throw notFound('project');
    }
    return row;
  }

  /**
   * A project the caller may do `act` to, with their permissions on its team: 404 when they may not see it, 403
   * with `denied` when they only see it.
   */
  async authorizeWithTeam(id: number, caller: AccessClaims, act: ProjectAct, denied: string) {
    const project = await findProject(this.db, id);
    if (!project) throw notFound('project');
    const team = await this.team(caller, project);
    if (!mayView(caller, project, team)) throw notFound('project');
    if (!may(caller, project, act, team)) throw forbidden(denied);
    return { project, team };
  }

  /** A project the caller may do `act` to: 404 when they may not see it, 403 with `denied` when they only see it. */
  async authorize(id: number, caller: AccessClaims, act: ProjectAct, denied: string): Promise<ProjectRecord> {
    return (await this.authorizeWithTeam(id, caller, act, denied)).project;
  }
}
