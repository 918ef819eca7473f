import type { Kysely } from 'kysely';
import { ENDED_EARLY_STATUSES, PUBLIC_STATUSES } from '@fundry/shared';
import type { DB, ProjectStatusValue } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { type AccessClaims, isAdmin } from '../auth/tokens';
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
 * Who may see a project at all (anyone else gets 404): everyone once it is public or ended early, before that its
 * creator and admins.
 */
export const mayView = (caller: AccessClaims | null, project: Shown) =>
  isOpenToAll(project.status) || isCreatorOf(caller, project) || isAdmin(caller);

/** Who may open the edit form of a project and see it as its creator does: its creator and admins (who moderate). */
export const mayOpenForEditing = (caller: AccessClaims | null, project: Owned) =>
  isCreatorOf(caller, project) || isAdmin(caller);

/**
 * What may be done to a project beyond seeing it, by whom. §19's collaborators add their permission to each act here,
 * and nowhere else.
 * - `offer`: what is offered beside the campaign (rewards, add-ons, stretch goals, late pledges, the survey) is managed
 *   as rewards are (SPEC §6): with create_reward, by the project's creator or an admin.
 * - `run`: the creator's tools (backers, CSV, fulfilment, refunds, the funding curve): its creator or an admin.
 * - `edit`: the project's own fields (the form): its creator only; an admin moderates rather than edits.
 * - `message_backers`: one message to many of its backers: its creator only.
 * - `take_payouts`: its money (payouts): its creator only, not even an admin.
 * - `block_people`: keeping a person away from the creator's projects (DESIGN.md §18): its creator only.
 * - `launch`: starting an upcoming campaign before its start date (DESIGN.md §19): its creator only, never an admin
 *   nor a collaborator.
 */
export type ProjectAct =
  'offer' | 'run' | 'edit' | 'message_backers' | 'take_payouts' | 'block_people' | 'launch';

const ALLOWED: Record<ProjectAct, (caller: AccessClaims, project: Owned) => boolean> = {
  offer: (caller, project) =>
    caller.permissions.includes('create_reward') && mayOpenForEditing(caller, project),
  run: mayOpenForEditing,
  edit: isCreatorOf,
  message_backers: isCreatorOf,
  take_payouts: isCreatorOf,
  block_people: isCreatorOf,
  launch: isCreatorOf,
};

export const may = (caller: AccessClaims, project: Owned, act: ProjectAct) => ALLOWED[act](caller, project);

/** The one answer to "may this caller do this to this project?", for every module (DESIGN.md §2). */
export class ProjectAccess {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly pageCache: ProjectPageCache,
  ) {}

  /**
   * The project's row for a read that decides nothing (the pages of a project and of its community): a public one
   * from the page cache, whoever may see it. A write decides on the database's row.
   */
  readonly pageRow = (id: number) => this.pageCache.project(id, () => findProject(this.db, id));

  /** A project the caller may see, or 404 (also for projects that exist but are private to others). */
  async visible(id: number, caller: AccessClaims | null, from: 'page' | 'database' = 'database') {
    const row = await (from === 'page' ? this.pageRow(id) : findProject(this.db, id));
    if (!row || !mayView(caller, row)) throw notFound('project');
    return row;
  }

  /** A project the caller may do `act` to: 404 when they may not see it, 403 with `denied` when they only see it. */
  async authorize(id: number, caller: AccessClaims, act: ProjectAct, denied: string): Promise<ProjectRecord> {
    const project = await this.visible(id, caller);
    if (!may(caller, project, act)) throw forbidden(denied);
    return project;
  }
}
