/** A project's team (DESIGN.md §19): what a collaborator may be given, and the words of its calls. */
export const COLLABORATOR_PERMISSIONS = ['edit', 'community', 'fulfilment'] as const;
export type CollaboratorPermission = (typeof COLLABORATOR_PERMISSIONS)[number];

/** Pending and accepted collaborators of one project, together. */
export const MAX_COLLABORATORS = 20 as const;

export const COLLABORATOR_MESSAGES = {
  emailInvalid: 'msg.collaborators.emailInvalid',
  permissionsRequired: 'msg.collaborators.permissionsRequired',
  permissionUnknown: 'msg.collaborators.permissionUnknown',
  onlyCreator: 'msg.collaborators.onlyCreator',
  cannotInviteCreator: 'msg.collaborators.cannotInviteCreator',
  alreadyOnTeam: 'msg.collaborators.alreadyOnTeam',
  tooMany: 'msg.collaborators.tooMany',
  noInvitation: 'msg.collaborators.noInvitation',
  notOnTeam: 'msg.collaborators.notOnTeam',
  verifyFirst: 'msg.collaborators.verifyFirst',
  invited: 'msg.collaborators.invited',
  changed: 'msg.collaborators.changed',
  removed: 'msg.collaborators.removed',
  accepted: 'msg.collaborators.accepted',
  declined: 'msg.collaborators.declined',
  onlyCreatorSubmits: 'msg.collaborators.onlyCreatorSubmits',
} as const;

/** The catalog key of each permission's name. */
export const COLLABORATOR_PERMISSION_LABEL = {
  edit: 'collaborators.permission.edit',
  community: 'collaborators.permission.community',
  fulfilment: 'collaborators.permission.fulfilment',
} as const;
