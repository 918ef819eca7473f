import type { Kysely } from 'kysely';
import {
  type AccountStanding,
  type AdminUserRecord,
  type AdminUsersQuery,
  type AdminUserSummary,
  minorToMajor,
  type SanctionEntry,
  type SanctionKind,
  type SilenceRequest,
  type SuspendRequest,
  type UserReportEntry,
} from '@fundry/shared';
import type { DB } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import type { Clock } from '../../lib/clock';
import { recordAudit } from '../admin/audit.repository';
import { revokeUserSessions } from '../auth/auth.repository';
import type { SuspendedAccounts } from '../auth/suspended-accounts';
import { type AccessClaims, isAdmin } from '../auth/tokens';
import type { MailService } from '../mail/mail.service';
import type { PaymentService } from '../payments/payments.service';
import type { PledgeService } from '../pledges/pledges.service';
import type { DiscoveryService } from '../projects/discovery.service';
import type { ProjectLifecycleService } from '../projects/project-lifecycle.service';
import { lockProject } from '../projects/projects.repository';
import { pageMeta } from '../updates/updates.service';
import { sanctionMails } from './sanction-mails';
import {
  endSanctions,
  findAccount,
  isAdminAccount,
  liveProjectIdsOf,
  lockSanctionTarget,
  pledgeTotalsOf,
  projectsOf,
  reportsAbout,
  reportsBy,
  type SanctionRow,
  sanctionsOf,
  searchUsers,
  startSanction,
} from './sanctions.repository';

type Target = NonNullable<Awaited<ReturnType<typeof lockSanctionTarget>>>;

function standing(
  user: { suspended_at: Date | null; silenced_until: Date | null },
  now: Date,
): AccountStanding {
  if (user.suspended_at) return 'suspended';
  return user.silenced_until && user.silenced_until > now ? 'silenced' : 'active';
}

function toSummary(
  row: {
    id: number;
    username: string;
    full_name: string;
    email: string;
    roles: string[];
    suspended_at: Date | null;
    silenced_until: Date | null;
    created_at: Date;
  },
  now: Date,
): AdminUserSummary {
  const state = standing(row, now);
  return {
    id: row.id,
    username: row.username,
    full_name: row.full_name,
    email: row.email,
    roles: row.roles,
    standing: state,
    silenced_until: state === 'silenced' ? row.silenced_until!.toISOString() : null,
    created_at: row.created_at.toISOString(),
  };
}

function toEntry(row: SanctionRow): SanctionEntry {
  return {
    id: row.id,
    kind: row.kind,
    reason: row.reason,
    message: row.message,
    until: row.until?.toISOString() ?? null,
    created_by: row.created_by === null ? null : { id: row.created_by, name: row.created_by_name ?? '' },
    created_at: row.created_at.toISOString(),
    ended_at: row.ended_at?.toISOString() ?? null,
    ended_by: row.ended_by === null ? null : { id: row.ended_by, name: row.ended_by_name ?? '' },
  };
}

function toReport(row: Awaited<ReturnType<typeof reportsBy>>[number]): UserReportEntry {
  return {
    id: row.id,
    target_type: row.target_type,
    project:
      row.project_id === null || row.project_title === null
        ? null
        : { id: row.project_id, title: row.project_title },
    reporter: { id: row.reporter_id, name: row.reporter_name },
    reason: row.reason,
    status: row.status,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * Sanctions on accounts and the admin's user directory (DESIGN.md §18): silence (read, do not publish, until a
 * date), suspend (no sign-in, no session, campaigns on hold, open checkouts and pledges ended, comments hidden) and
 * reinstate; never on an admin, never on oneself. Each is one transaction with its history row, its audit entry and
 * the person's mail; what lives in other rooms (checkouts, pledges) follows it after the commit, each its own.
 */
export class SanctionService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly lifecycle: ProjectLifecycleService,
    private readonly payments: PaymentService,
    private readonly pledges: PledgeService,
    private readonly discovery: DiscoveryService,
    private readonly mail: MailService,
    private readonly suspended: SuspendedAccounts,
    private readonly appUrl: string,
    private readonly clock: Clock,
  ) {}

  async list(caller: AccessClaims, query: AdminUsersQuery) {
    this.requireAdmin(caller);
    const { rows, total } = await searchUsers(this.db, query);
    const now = this.clock();
    return {
      data: rows.map((row) => toSummary(row, now)),
      meta: pageMeta(total, query.page, query.per_page),
    };
  }

  async record(caller: AccessClaims, userId: number): Promise<AdminUserRecord> {
    this.requireAdmin(caller);
    const account = await findAccount(this.db, userId);
    if (!account) throw notFound('user');
    const [projects, pledges, about, by, sanctions] = await Promise.all([
      projectsOf(this.db, userId),
      pledgeTotalsOf(this.db, userId),
      reportsAbout(this.db, userId),
      reportsBy(this.db, userId),
      sanctionsOf(this.db, userId),
    ]);
    const now = this.clock();
    const summary = toSummary(account, now);
    const entries = sanctions.map(toEntry);
    const current =
      summary.standing === 'active'
        ? null
        : (entries.find(
            (entry) =>
              entry.ended_at === null &&
              entry.kind === (summary.standing === 'silenced' ? 'silence' : 'suspend'),
          ) ?? null);
    return {
      account: {
        ...summary,
        email_verified: account.email_verified_at !== null,
        two_factor: account.totp_enabled_at !== null,
        locale: account.locale,
      },
      projects: {
        by_status: Object.fromEntries(projects.counts.map((row) => [row.status, Number(row.count)])),
        list: projects.list.map((row) => ({ ...row, created_at: row.created_at.toISOString() })),
      },
      pledges: {
        count: pledges.reduce((sum, row) => sum + Number(row.count), 0),
        by_currency: pledges.map((row) => ({
          currency: row.currency,
          count: Number(row.count),
          amount: minorToMajor(Number(row.amount_cents), row.currency),
        })),
      },
      reports_about: about.map(toReport),
      reports_by: by.map(toReport),
      sanctions: entries,
      current_sanction: current,
    };
  }

  /** The person reads but does not publish until `until`; a silence in force is replaced by this one. */
  async silence(caller: AccessClaims, userId: number, input: SilenceRequest) {
    this.requireAdmin(caller);
    const until = new Date(input.until);
    const now = this.clock();
    if (until <= now) {
      throw new AppError('UNPROCESSABLE', 'api.sanctions.untilPast', { until: ['api.sanctions.untilPast'] });
    }
    await this.db.transaction().execute(async (trx) => {
      const target = await this.target(trx, caller, userId);
      if (target.suspended_at) throw new AppError('CONFLICT', 'api.sanctions.alreadySuspended');
      await endSanctions(trx, userId, ['silence'], caller.userId, now);
      const sanction = { kind: 'silence' as const, reason: input.reason, message: input.message, until };
      await startSanction(trx, { ...sanction, userId, createdBy: caller.userId }, now);
      await this.audit(trx, caller, userId, 'user.silence', input.message, {
        reason: input.reason,
        until: until.toISOString(),
      });
      await this.mailSanction(trx, target, sanction);
    });
    this.mail.kick();
    return this.record(caller, userId);
  }

  /**
   * The account is shut: no sign-in, every session revoked, access tokens refused (here at once, elsewhere within
   * a second or so: SuspendedAccounts), live campaigns on hold with their backers told, open checkouts expired,
   * all-or-nothing pledges cancelled, comments hidden from others (a condition of the comments' read).
   */
  async suspend(caller: AccessClaims, userId: number, input: SuspendRequest) {
    this.requireAdmin(caller);
    const now = this.clock();
    await this.db.transaction().execute(async (trx) => {
      const target = await this.target(trx, caller, userId);
      if (target.suspended_at) throw new AppError('CONFLICT', 'api.sanctions.alreadySuspended');
      // A suspension supersedes a silence: the silence ends with it.
      await endSanctions(trx, userId, ['silence'], caller.userId, now);
      const sanction = {
        kind: 'suspend' as const,
        reason: input.reason,
        message: input.message,
        until: null,
      };
      await startSanction(trx, { ...sanction, userId, createdBy: caller.userId }, now);
      await revokeUserSessions(trx, userId);
      const held = await this.holdLiveProjects(trx, caller, userId);
      await this.audit(trx, caller, userId, 'user.suspend', input.message, {
        reason: input.reason,
        projects_held: held,
      });
      await this.mailSanction(trx, target, sanction);
    });
    this.suspended.add(userId);
    this.mail.kick();
    this.discovery.forgetPublicAnswers();
    await this.payments.expireOpenCheckoutsOf(userId);
    await this.pledges.cancelAllOf(userId);
    return this.record(caller, userId);
  }

  /** Ends a silence or a suspension; campaigns put on hold stay held until an admin activates them again. */
  async reinstate(caller: AccessClaims, userId: number) {
    this.requireAdmin(caller);
    const now = this.clock();
    await this.db.transaction().execute(async (trx) => {
      const target = await this.target(trx, caller, userId);
      const was = standing(target, now);
      if (was === 'active') throw new AppError('CONFLICT', 'api.sanctions.notSanctioned');
      await endSanctions(trx, userId, ['silence', 'suspend'], caller.userId, now);
      await this.audit(trx, caller, userId, 'user.reinstate', null, { ended: was });
      await this.mail.enqueue(trx, target, (t) =>
        sanctionMails.reinstated(t, target.email, target.full_name, this.appUrl),
      );
    });
    this.suspended.remove(userId);
    this.mail.kick();
    return this.record(caller, userId);
  }

  private requireAdmin(caller: AccessClaims) {
    if (!isAdmin(caller)) throw forbidden('api.admin.onlyAdmin');
  }

  /** The account, locked; never oneself, never an admin, never a closed account. */
  private async target(trx: Kysely<DB>, caller: AccessClaims, userId: number): Promise<Target> {
    if (userId === caller.userId) throw new AppError('UNPROCESSABLE', 'api.sanctions.notYourself');
    const target = await lockSanctionTarget(trx, userId);
    if (!target || target.deleted_at) throw notFound('user');
    if (await isAdminAccount(trx, userId)) throw new AppError('UNPROCESSABLE', 'api.sanctions.notAdmin');
    return target;
  }

  /** Each live campaign of the person goes on hold exactly as an admin's reject puts it (its backers told). */
  private async holdLiveProjects(trx: Kysely<DB>, caller: AccessClaims, userId: number) {
    const held: number[] = [];
    for (const { id } of await liveProjectIdsOf(trx, userId)) {
      const project = await lockProject(trx, id);
      if (project?.status !== 'ACTIVE') continue;
      await this.lifecycle.reject(trx, project, null);
      await recordAudit(trx, {
        actorId: caller.userId,
        action: 'project.reject',
        targetType: 'project',
        targetId: id,
        projectId: id,
        details: { from: project.status, creator_suspended: userId },
      });
      held.push(id);
    }
    return held;
  }

  private audit(
    trx: Kysely<DB>,
    caller: AccessClaims,
    userId: number,
    action: 'user.silence' | 'user.suspend' | 'user.reinstate',
    message: string | null,
    details: Record<string, unknown>,
  ) {
    return recordAudit(trx, {
      actorId: caller.userId,
      action,
      targetType: 'user',
      targetId: userId,
      reason: message,
      details,
    });
  }

  private mailSanction(
    trx: Kysely<DB>,
    target: Target,
    sanction: Parameters<typeof sanctionMails.sanctioned>[3] & { kind: SanctionKind },
  ) {
    return this.mail.enqueue(trx, target, (t) =>
      sanctionMails.sanctioned(t, target.email, target.full_name, sanction, `${this.appUrl}/about`),
    );
  }
}
