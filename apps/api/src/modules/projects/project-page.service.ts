import type { Kysely } from 'kysely';
import { minorToMajor, type Project, projectResponse, shownFollowersCount } from '@fundry/shared';
import type { DB } from '../../db/schema';
import { notFound } from '../../errors';
import { type AccessClaims, isAdmin } from '../auth/tokens';
import { followsOf } from '../follows/follows.repository';
import { latePledgesOpenNow } from '../late-pledges/late-pledges.rules';
import type { UserService } from '../users/users.service';
import { listMembers } from '../collaborators/collaborators.repository';
import type { InstalmentPlans } from '../instalments/instalment-plans';
import type { ProjectPageCache } from './page-cache';
import { isCreatorOf, isOpenToAll, mayOpenForEditing, type ProjectAccess } from './project-access';
import { toCard } from './project-card';
import { findProject, type ProjectRecord, projectsByIds, rewardCounters } from './projects.repository';

/** What a project shows: its page's data, with its creator and counters, public ones from the page cache. */
export class ProjectPageService {
  constructor(
    private readonly db: Kysely<DB>,
    /** Where the page cache reads what it misses (`Database.readDb`, decision 037). */
    private readonly readDb: Kysely<DB>,
    private readonly access: ProjectAccess,
    private readonly users: UserService,
    private readonly pageCache: ProjectPageCache,
    private readonly clock: () => Date,
    private readonly plans: InstalmentPlans,
  ) {}

  /** A project the caller may see, or 404 (also for projects that exist but are private to others). */
  async get(id: number, caller: AccessClaims | null): Promise<Project> {
    return this.withCreator(await this.access.visible(id, caller), caller);
  }

  /**
   * The project page's reads (GET): the same answers as `get`, public projects served from the page cache. A write
   * never decides on these: it reads the database.
   */
  async pageProject(id: number, caller: AccessClaims | null): Promise<Project> {
    return this.withCachedCreator(await this.access.visible(id, caller, 'page'), caller);
  }

  /**
   * GET projects/{id} for a visitor who is not signed in, as the JSON the route sends. It is the same for every such
   * visitor, so a public project's is checked against `projectResponse` and encoded once (what the serializer does
   * on each answer) and kept in the page cache with the parts it is made of, which it lives and dies with: building
   * and encoding the page's fifty fields on every request cost a quarter of the route's throughput (issue 54).
   */
  async visitorAnswer(id: number): Promise<string> {
    const row = await this.access.visible(id, null, 'page');
    return this.pageCache.part(row.id, 'visitorAnswer', async () =>
      JSON.stringify(projectResponse.encode({ data: await this.withCachedCreator(row, null) })),
    );
  }

  /** The project without its creator's profile: what its counters and list cards need. */
  async pageCard(id: number, caller: AccessClaims | null) {
    return toCard(await this.access.visible(id, caller, 'page'));
  }

  /** The edit form's data: only for the creator (and admins, who moderate). */
  async getForEditing(id: number, caller: AccessClaims): Promise<Project> {
    const row = await findProject(this.db, id);
    if (!row || !mayOpenForEditing(caller, row, await this.access.team(caller, row)))
      throw notFound('project');
    return this.withCreator(row, caller);
  }

  /** Who the caller is to the project, and their own permissions on its team: the controls the client shows. */
  async roles(id: number, caller: AccessClaims | null) {
    const project = await this.access.visible(id, caller);
    const creator = isCreatorOf(caller, project);
    const team = await this.access.team(caller, project);
    return {
      roles: [
        ...(creator ? ['creator'] : []),
        ...(team.length > 0 ? ['collaborator'] : []),
        ...(isAdmin(caller) ? ['admin'] : []),
      ],
      isCreator: creator,
      my_permissions: [...team],
    };
  }

  /**
   * A project anyone may open, for its page's head and link preview (a tombstone too), or null (private, missing);
   * from the page cache.
   */
  async preview(id: number): Promise<Project | null> {
    const row = await this.access.pageRow(id);
    return row && isOpenToAll(row.status) ? this.withCachedCreator(row, null) : null;
  }

  /**
   * These projects' rows by id, for cards: public ones from the page cache, the rest read together by one statement
   * (the cache asks for each missing row while this builds the list, and they are read as one batch).
   */
  async pageRows(ids: readonly number[]): Promise<Map<number, ProjectRecord>> {
    const missing: number[] = [];
    let batch: Promise<Map<number, ProjectRecord>> | undefined;
    const read = (id: number) => {
      missing.push(id);
      batch ??= Promise.resolve().then(async () => {
        const rows = await projectsByIds(this.readDb, missing);
        return new Map(rows.map((row) => [row.id, row]));
      });
      return batch.then((rows) => rows.get(id));
    };
    const rows = await Promise.all(ids.map((id) => this.pageCache.project(id, () => read(id))));
    return new Map(rows.flatMap((row) => (row ? [[row.id, row] as const] : [])));
  }

  private async withCachedCreator(row: ProjectRecord, caller: AccessClaims | null): Promise<Project> {
    const [creator, counters, team, follows] = await Promise.all([
      this.pageCache.part(row.id, 'creator', () => this.users.creatorProfile(row.creator_id)),
      this.pageCache.part(row.id, 'fulfilment', () => rewardCounters(this.readDb, row.id)),
      this.pageCache.part(row.id, 'team', () => listMembers(this.readDb, row.id)),
      this.followsOf(row, caller),
    ]);
    return this.toProject(row, creator, counters, team, follows, caller);
  }

  private async withCreator(row: ProjectRecord, caller: AccessClaims | null): Promise<Project> {
    const [creator, counters, team, follows] = await Promise.all([
      this.users.creatorProfile(row.creator_id),
      rewardCounters(this.db, row.id),
      listMembers(this.db, row.id),
      this.followsOf(row, caller),
    ]);
    return this.toProject(row, creator, counters, team, follows, caller);
  }

  /** The caller's own follows of the project and its creator (DESIGN.md §19): never cached, none signed out. */
  private followsOf(row: ProjectRecord, caller: AccessClaims | null) {
    return caller
      ? followsOf(this.db, caller.userId, row.id, row.creator_id)
      : Promise.resolve({ project: false, creator: false });
  }

  /** The project page's project: the card, its creator, its rewards sent and its late pledges (open at this time). */
  private toProject(
    row: ProjectRecord,
    creator: Project['creator'],
    {
      late,
      followers_count: followers,
      pledge_over_time: overTime,
      ...rewards
    }: Awaited<ReturnType<typeof rewardCounters>>,
    team: Project['team'],
    follows: { project: boolean; creator: boolean },
    caller: AccessClaims | null,
  ): Project {
    const open = latePledgesOpenNow(
      {
        status: row.status,
        funding_model: row.funding_model,
        late_pledges_open: late.open,
        late_pledges_until: late.until,
      },
      this.clock(),
    );
    return {
      ...toCard(row),
      creator: { ...creator, following: follows.creator },
      ...rewards,
      late_pledges: { open, until: open ? late.until : null },
      late_amount: minorToMajor(late.cents, row.currency),
      late_backers_count: late.backers,
      team,
      followers_count: shownFollowersCount(followers, isCreatorOf(caller, row) || isAdmin(caller)),
      following: follows.project,
      // Pledge over time (DESIGN.md §20): offered on all-or-nothing campaigns only, from its minimum.
      pledge_over_time: overTime && row.funding_model === 'all_or_nothing',
      pledge_over_time_minimum: overTime ? this.minimumOf(row) : null,
      instalment_interval_days: this.plans.intervalDays,
    };
  }

  private minimumOf(row: ProjectRecord) {
    const minimum = this.plans.minimumOf(row);
    return minimum === null ? null : minorToMajor(minimum, row.currency);
  }
}
