import type { Kysely } from 'kysely';
import {
  type Collaboration,
  type Collaborator,
  COLLABORATOR_MESSAGES,
  type CollaboratorPermission,
  MAX_COLLABORATORS,
} from '@fundry/shared';
import type { DB } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
import { recordAudit } from '../admin/audit.repository';
import type { AccessClaims } from '../auth/tokens';
import type { MailService } from '../mail/mail.service';
import { insertNotifications } from '../notifications/notifications.repository';
import type { ProjectAccess } from '../projects/project-access';
import type { ProjectRecord } from '../projects/projects.repository';
import { collaboratorMails, collaboratorNotices } from './collaborator-mails';
import {
  acceptInvitation,
  countTeam,
  deleteRow,
  findByEmail,
  findMember,
  findPersonByEmail,
  insertInvitation,
  listCollaborations,
  listTeam,
  permissionsOf,
  setPermissions,
  type TeamRow,
  verifiedEmailOf,
} from './collaborators.repository';

const toCollaborator = (row: TeamRow): Collaborator => ({
  id: row.id,
  email: row.email,
  user: row.user_id === null ? null : { id: row.user_id, name: row.name, profile_image: row.profile_image },
  permissions: permissionsOf(row),
  status: row.accepted_at === null ? 'pending' : 'accepted',
  invited_at: row.created_at.toISOString(),
  accepted_at: row.accepted_at?.toISOString() ?? null,
});

interface Person {
  id: number;
  email: string;
  full_name: string;
  username: string;
  locale: string | null;
  last_locale: string | null;
}
const nameOf = (person: Pick<Person, 'full_name' | 'username'>) => person.full_name || person.username;

/**
 * A project's team (DESIGN.md §19, decision 033): its creator invites people by address with permissions, changes
 * and removes them; the invitee accepts or declines. What each permission grants is `project-access.ts`'s alone.
 */
export class CollaboratorService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly access: ProjectAccess,
    private readonly mail: MailService,
    private readonly appUrl: string,
  ) {}

  private manage(projectId: number, caller: AccessClaims) {
    return this.access.authorize(projectId, caller, 'manage_team', COLLABORATOR_MESSAGES.onlyCreator);
  }

  private person(id: number, db: Kysely<DB> = this.db): Promise<Person> {
    return db
      .selectFrom('users')
      .select(['id', 'email', 'full_name', 'username', 'locale', 'last_locale'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  private async one(projectId: number, id: number) {
    const row = (await listTeam(this.db, projectId)).find((member) => member.id === id);
    if (!row) throw new AppError('NOT_FOUND', COLLABORATOR_MESSAGES.notOnTeam);
    return toCollaborator(row);
  }

  async list(projectId: number, caller: AccessClaims) {
    await this.manage(projectId, caller);
    return (await listTeam(this.db, projectId)).map(toCollaborator);
  }

  /** Invites an address (a person's, or one that registers with it afterwards) with some permissions. */
  async invite(
    projectId: number,
    caller: AccessClaims,
    email: string,
    permissions: readonly CollaboratorPermission[],
  ) {
    const project = await this.manage(projectId, caller);
    const creator = await this.person(project.creator_id);
    if (creator.email.toLowerCase() === email) {
      throw new AppError('UNPROCESSABLE', COLLABORATOR_MESSAGES.cannotInviteCreator);
    }
    const invitee = await findPersonByEmail(this.db, email);
    const id = await this.db.transaction().execute(async (trx) => {
      // The project's row is locked so that two invitations at once count each other.
      await trx.selectFrom('projects').select('id').where('id', '=', projectId).forUpdate().execute();
      if (
        (await findByEmail(trx, projectId, email)) ||
        (invitee && (await findMember(trx, projectId, invitee.id)))
      ) {
        throw new AppError('CONFLICT', COLLABORATOR_MESSAGES.alreadyOnTeam);
      }
      if ((await countTeam(trx, projectId)) >= MAX_COLLABORATORS) {
        throw new AppError('UNPROCESSABLE', COLLABORATOR_MESSAGES.tooMany, undefined, undefined, {
          limit: MAX_COLLABORATORS,
        });
      }
      const inserted = await insertInvitation(trx, {
        projectId,
        email,
        invitedBy: caller.userId,
        permissions,
      });
      if (inserted === null) throw new AppError('CONFLICT', COLLABORATOR_MESSAGES.alreadyOnTeam);
      await this.audit(trx, caller.userId, 'collaborator.invite', project, { email, permissions });
      await this.tellInvitee(trx, project, creator, email, permissions);
      return inserted;
    });
    this.mail.kick();
    return this.one(projectId, id);
  }

  private async tellInvitee(
    trx: Kysely<DB>,
    project: ProjectRecord,
    creator: Person,
    email: string,
    permissions: readonly CollaboratorPermission[],
  ) {
    const invitee = await findPersonByEmail(trx, email);
    const url = `${this.appUrl}/dashboard`;
    const invite = { project: project.title, creator: nameOf(creator), permissions };
    if (invitee) {
      const person = await this.person(invitee.id, trx);
      await insertNotifications(trx, [
        {
          userId: person.id,
          type: 'COLLABORATION',
          message: collaboratorNotices.invited(project.title, nameOf(creator)),
          projectId: project.id,
          link: '/dashboard',
        },
      ]);
      await this.mail.enqueue(trx, person, (t) =>
        collaboratorMails.invited(t, person.email, nameOf(person), invite, url, true),
      );
      return;
    }
    // An address with no account yet: written in the language of the creator who knows them.
    await this.mail.enqueue(trx, creator, (t) =>
      collaboratorMails.invited(t, email, null, invite, `${this.appUrl}/register`, false),
    );
  }

  /** Changes a member's (or a pending invitation's) permissions: in force from their next request. */
  async change(
    projectId: number,
    caller: AccessClaims,
    userId: number,
    permissions: readonly CollaboratorPermission[],
  ) {
    const project = await this.manage(projectId, caller);
    const row = await this.memberOrInvitee(projectId, userId);
    await this.db.transaction().execute(async (trx) => {
      await setPermissions(trx, row.id, permissions);
      await this.audit(trx, caller.userId, 'collaborator.change', project, {
        user_id: userId,
        email: row.email,
        permissions,
      });
    });
    return this.one(projectId, row.id);
  }

  /** Removes a member, or withdraws an invitation to this person: at once (nothing caches a membership). */
  async remove(projectId: number, caller: AccessClaims, userId: number) {
    const project = await this.manage(projectId, caller);
    const row = await this.memberOrInvitee(projectId, userId);
    await this.dropRow(caller, project, row, userId);
  }

  /** Withdraws any invitation or removes any member by its id (an address with no account has no person). */
  async withdraw(projectId: number, caller: AccessClaims, invitationId: number) {
    const project = await this.manage(projectId, caller);
    const row = (await listTeam(this.db, projectId)).find((member) => member.id === invitationId);
    if (!row) throw new AppError('NOT_FOUND', COLLABORATOR_MESSAGES.notOnTeam);
    await this.dropRow(caller, project, row, row.user_id);
  }

  private async dropRow(
    caller: AccessClaims,
    project: ProjectRecord,
    row: { id: number; email: string; user_id: number | null },
    userId: number | null,
  ) {
    await this.db.transaction().execute(async (trx) => {
      if (!(await deleteRow(trx, row.id))) throw new AppError('NOT_FOUND', COLLABORATOR_MESSAGES.notOnTeam);
      await this.audit(trx, caller.userId, 'collaborator.remove', project, {
        user_id: userId,
        email: row.email,
      });
      if (row.user_id !== null) {
        await insertNotifications(trx, [
          {
            userId: row.user_id,
            type: 'COLLABORATION',
            message: collaboratorNotices.removed(project.title),
            projectId: project.id,
          },
        ]);
      }
    });
  }

  /** The accepted member with this id, or the pending invitation to this person's address. */
  private async memberOrInvitee(projectId: number, userId: number) {
    const member = await findMember(this.db, projectId, userId);
    if (member) return member;
    const person = await this.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirst();
    const pending = person && (await findByEmail(this.db, projectId, person.email));
    if (!pending || pending.user_id !== null) {
      throw new AppError('NOT_FOUND', COLLABORATOR_MESSAGES.notOnTeam);
    }
    return pending;
  }

  /** The caller's pending invitation to this project: by their verified address. */
  private async invitation(projectId: number, caller: AccessClaims) {
    const email = await verifiedEmailOf(this.db, caller.userId);
    if (email === null) {
      const any = await this.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', caller.userId)
        .executeTakeFirstOrThrow();
      if (await findByEmail(this.db, projectId, any.email))
        throw forbidden(COLLABORATOR_MESSAGES.verifyFirst);
      throw new AppError('NOT_FOUND', COLLABORATOR_MESSAGES.noInvitation);
    }
    const row = await findByEmail(this.db, projectId, email);
    if (!row || row.accepted_at !== null) throw new AppError('NOT_FOUND', COLLABORATOR_MESSAGES.noInvitation);
    return row;
  }

  async accept(projectId: number, caller: AccessClaims) {
    const row = await this.invitation(projectId, caller);
    const project = await this.answered(caller, projectId, true, async (trx) => {
      if (!(await acceptInvitation(trx, row.id, caller.userId))) {
        throw new AppError('NOT_FOUND', COLLABORATOR_MESSAGES.noInvitation);
      }
    });
    return { project_id: project.id, permissions: permissionsOf(row) };
  }

  async decline(projectId: number, caller: AccessClaims) {
    const row = await this.invitation(projectId, caller);
    await this.answered(caller, projectId, false, async (trx) => {
      const gone = await trx
        .deleteFrom('project_collaborators')
        .where('id', '=', row.id)
        .where('accepted_at', 'is', null)
        .executeTakeFirst();
      if (Number(gone.numDeletedRows) === 0) {
        throw new AppError('NOT_FOUND', COLLABORATOR_MESSAGES.noInvitation);
      }
    });
  }

  /** The answer recorded, audited, and told to the project's creator (in the app and by mail, in their language). */
  private async answered(
    caller: AccessClaims,
    projectId: number,
    accepted: boolean,
    record: (trx: Kysely<DB>) => Promise<void>,
  ) {
    const project = await this.db
      .selectFrom('projects')
      .select(['id', 'title', 'creator_id'])
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow();
    const [creator, person] = await Promise.all([
      this.person(project.creator_id),
      this.person(caller.userId),
    ]);
    await this.db.transaction().execute(async (trx) => {
      await record(trx);
      await recordAudit(trx, {
        actorId: caller.userId,
        action: accepted ? 'collaborator.accept' : 'collaborator.decline',
        targetType: 'project',
        targetId: project.id,
        projectId: project.id,
      });
      const notice = accepted ? collaboratorNotices.accepted : collaboratorNotices.declined;
      await insertNotifications(trx, [
        {
          userId: creator.id,
          type: 'COLLABORATION',
          message: notice(project.title, nameOf(person)),
          projectId: project.id,
          link: `/projects/${project.id}?tab=team`,
        },
      ]);
      await this.mail.enqueue(trx, creator, (t) =>
        collaboratorMails.answered(
          t,
          creator.email,
          nameOf(creator),
          { person: nameOf(person), project: project.title, accepted },
          `${this.appUrl}/projects/${project.id}?tab=team`,
        ),
      );
    });
    this.mail.kick();
    return project;
  }

  /** The caller's invitations (by their verified address) and the projects they help with. */
  async mine(caller: AccessClaims): Promise<Collaboration[]> {
    const email = await verifiedEmailOf(this.db, caller.userId);
    const rows = await listCollaborations(this.db, caller.userId, email);
    return rows.map((row) => ({
      project: {
        id: row.project_id,
        title: row.title,
        status: row.status,
        image_url: row.image_url,
        creator: { id: row.creator_id, name: row.creator_name },
      },
      permissions: permissionsOf(row),
      status: row.accepted_at === null ? 'pending' : 'accepted',
      invited_at: row.created_at.toISOString(),
      accepted_at: row.accepted_at?.toISOString() ?? null,
    }));
  }

  private audit(
    trx: Kysely<DB>,
    actorId: number,
    action: 'collaborator.invite' | 'collaborator.change' | 'collaborator.remove',
    project: { id: number },
    details: Record<string, unknown>,
  ) {
    return recordAudit(trx, {
      actorId,
      action,
      targetType: 'project',
      targetId: project.id,
      projectId: project.id,
      details,
    });
  }
}
