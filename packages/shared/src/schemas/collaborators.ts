import { z } from 'zod';
import {
  COLLABORATOR_MESSAGES,
  COLLABORATOR_PERMISSIONS,
  MAX_COLLABORATORS,
} from '../messages/collaborators';
import { PROJECT_STATUSES } from '../rules/projects';

/** A project's team (DESIGN.md §19, decision 033). */

const permissions = z
  .array(z.enum(COLLABORATOR_PERMISSIONS, { error: COLLABORATOR_MESSAGES.permissionUnknown }), {
    error: COLLABORATOR_MESSAGES.permissionsRequired,
  })
  .min(1, COLLABORATOR_MESSAGES.permissionsRequired)
  .max(COLLABORATOR_PERMISSIONS.length, COLLABORATOR_MESSAGES.permissionUnknown)
  .transform((list) => COLLABORATOR_PERMISSIONS.filter((permission) => list.includes(permission)));

export const inviteCollaboratorRequest = z.strictObject({
  email: z
    .string({ error: COLLABORATOR_MESSAGES.emailInvalid })
    .trim()
    .toLowerCase()
    .pipe(z.email(COLLABORATOR_MESSAGES.emailInvalid).max(254, COLLABORATOR_MESSAGES.emailInvalid)),
  permissions,
});
export type InviteCollaboratorRequest = z.infer<typeof inviteCollaboratorRequest>;

export const collaboratorPermissionsRequest = z.strictObject({ permissions });
export type CollaboratorPermissionsRequest = z.infer<typeof collaboratorPermissionsRequest>;

export const collaboratorParams = z.object({
  id: z.coerce.number().int().positive(),
  userId: z.coerce.number().int().positive(),
});

const permissionList = z.array(z.enum(COLLABORATOR_PERMISSIONS));

/** One member of the team as its creator sees it: a pending invitation has no person yet, only an address. */
export const collaborator = z.object({
  /** The invitation's id. */
  id: z.number().int(),
  email: z.string(),
  user: z.object({ id: z.number().int(), name: z.string(), profile_image: z.string().nullable() }).nullable(),
  permissions: permissionList,
  status: z.enum(['pending', 'accepted']),
  invited_at: z.string(),
  accepted_at: z.string().nullable(),
});
export type Collaborator = z.infer<typeof collaborator>;

export const collaboratorResponse = z.object({ data: collaborator, message: z.string().optional() });
export const collaboratorsResponse = z.object({
  data: z.array(collaborator),
  meta: z.object({ limit: z.literal(MAX_COLLABORATORS) }),
});
export type CollaboratorsResponse = z.infer<typeof collaboratorsResponse>;

/** A project one is invited to or helps with (`GET users/me/collaborations`). */
export const collaboration = z.object({
  project: z.object({
    id: z.number().int(),
    title: z.string(),
    status: z.enum(PROJECT_STATUSES),
    image_url: z.string().nullable(),
    creator: z.object({ id: z.number().int(), name: z.string() }),
  }),
  permissions: permissionList,
  status: z.enum(['pending', 'accepted']),
  invited_at: z.string(),
  accepted_at: z.string().nullable(),
});
export type Collaboration = z.infer<typeof collaboration>;
export const collaborationsResponse = z.object({ data: z.array(collaboration) });
export type CollaborationsResponse = z.infer<typeof collaborationsResponse>;

/** The team the project page shows beside its creator: names and pictures only. */
export const teamMember = z.object({
  id: z.number().int(),
  name: z.string(),
  profile_image: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMember>;
