import type { Kysely } from 'kysely';
import type { CollaboratorPermission } from '@fundry/shared';
import { permissionColumns } from '../../modules/collaborators/collaborators.repository';
import type { DB } from '../schema';

const DAY_MS = 86_400_000;
const SUNCELL = 'SunCell: a solar lantern for every home';

/**
 * A studio of three behind SunCell (DESIGN.md §19): Maya, its creator; Leo, who writes updates and answers comments
 * (community); Lena, who ships the lanterns (fulfilment); and Yuki, invited to edit the story, who has not answered.
 */
export async function seedCollaborators(
  trx: Kysely<DB>,
  projects: Map<string, { id: number; creatorId: number }>,
  users: Map<string, number>,
) {
  const project = projects.get(SUNCELL)!;
  const emails = await trx.selectFrom('users').select(['id', 'email']).execute();
  const emailOf = (id: number) => emails.find((row) => row.id === id)!.email;
  const now = Date.now();
  const member = (name: string, permissions: CollaboratorPermission[], days: number, accepted: boolean) => {
    const id = users.get(name)!;
    return {
      project_id: project.id,
      email: emailOf(id),
      user_id: accepted ? id : null,
      invited_by: project.creatorId,
      created_at: new Date(now - days * DAY_MS),
      accepted_at: accepted ? new Date(now - (days - 1) * DAY_MS) : null,
      ...permissionColumns(permissions),
    };
  };
  await trx
    .insertInto('project_collaborators')
    .values([
      member('leo', ['community'], 12, true),
      member('lena', ['fulfilment'], 9, true),
      member('yuki', ['edit'], 2, false),
    ])
    .execute();
  for (const [name, action] of [
    ['leo', 'collaborator.accept'],
    ['lena', 'collaborator.accept'],
  ] as const) {
    await trx
      .insertInto('audit_log')
      .values({
        actor_id: users.get(name)!,
        action,
        target_type: 'project',
        target_id: project.id,
        project_id: project.id,
      })
      .execute();
  }
}
