import { COLLABORATOR_PERMISSION_LABEL, type CollaboratorPermission, type Translator } from '@fundry/shared';
import type { KeyedMessage } from '../../i18n';
import { render } from '../mail/mail.templates';

const permissionNames = (t: Translator, permissions: readonly CollaboratorPermission[]) =>
  permissions.map((permission) => t.t(COLLABORATOR_PERMISSION_LABEL[permission])).join(', ');

/** The mails of a project's team (DESIGN.md §19), each in its recipient's language. */
export const collaboratorMails = {
  /** An invitation: to a person with an account, or to an address that may register to accept it. */
  invited: (
    t: Translator,
    to: string,
    name: string | null,
    invite: { project: string; creator: string; permissions: readonly CollaboratorPermission[] },
    url: string,
    registered: boolean,
  ) =>
    render(t, {
      to,
      subject: t.t('mail.collaborators.invitedSubject', { project: invite.project }),
      name: name ?? to,
      paragraphs: [
        t.t('mail.collaborators.invitedBody', {
          creator: invite.creator,
          project: invite.project,
          permissions: permissionNames(t, invite.permissions),
        }),
        ...(registered ? [] : [t.t('mail.collaborators.registerFirst', { email: to })]),
      ],
      action: { label: t.t('mail.collaborators.invitedAction'), url },
    }),
  /** The creator hears the invitee's answer. */
  answered: (
    t: Translator,
    to: string,
    name: string,
    answer: { person: string; project: string; accepted: boolean },
    url: string,
  ) =>
    render(t, {
      to,
      subject: t.t(
        answer.accepted ? 'mail.collaborators.acceptedSubject' : 'mail.collaborators.declinedSubject',
        answer,
      ),
      name,
      paragraphs: [
        t.t(answer.accepted ? 'mail.collaborators.acceptedBody' : 'mail.collaborators.declinedBody', answer),
      ],
      action: { label: t.t('mail.collaborators.teamAction'), url },
    }),
};

/** What the team's notifications say, written in the reader's language when listed. */
export const collaboratorNotices = {
  invited: (project: string, creator: string): KeyedMessage => ({
    key: 'api.notification.collaboratorInvited',
    values: { project, creator },
  }),
  accepted: (project: string, person: string): KeyedMessage => ({
    key: 'api.notification.collaboratorAccepted',
    values: { project, person },
  }),
  declined: (project: string, person: string): KeyedMessage => ({
    key: 'api.notification.collaboratorDeclined',
    values: { project, person },
  }),
  removed: (project: string): KeyedMessage => ({
    key: 'api.notification.collaboratorRemoved',
    values: { project },
  }),
};
