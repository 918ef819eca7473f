import { Alert, Avatar, Badge, Checkbox, Loader } from '@mantine/core';
import { Group, Stack, Text } from '@/components/primitives/primitives';
import { TextInput } from '@/components/primitives/inputs';
import { Button } from '@/components/primitives/buttons';
import { type FormEvent, useState } from 'react';
import {
  type Collaborator,
  COLLABORATOR_PERMISSION_LABEL,
  COLLABORATOR_PERMISSIONS,
  type CollaboratorPermission,
  mediaUrl,
} from '@fundry/shared';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useTeamActions, useTeam } from '../api/collaborators';

const toggled = (list: readonly CollaboratorPermission[], permission: CollaboratorPermission) =>
  COLLABORATOR_PERMISSIONS.filter((p) => (p === permission ? !list.includes(p) : list.includes(p)));

/** Three checkboxes, one per permission, named for the person or the invitation they belong to. */
function PermissionBoxes({
  value,
  onChange,
  label,
  disabled,
}: {
  value: readonly CollaboratorPermission[];
  onChange: (next: CollaboratorPermission[]) => void;
  label: string;
  disabled?: boolean;
}) {
  const i18n = useI18n();
  return (
    <Group gap="md" role="group" aria-label={label}>
      {COLLABORATOR_PERMISSIONS.map((permission) => (
        <Checkbox
          key={permission}
          label={i18n.t(COLLABORATOR_PERMISSION_LABEL[permission])}
          checked={value.includes(permission)}
          disabled={disabled}
          onChange={() => onChange(toggled(value, permission))}
        />
      ))}
    </Group>
  );
}

function Member({ member, projectId }: { member: Collaborator; projectId: number }) {
  const i18n = useI18n();
  const { change, remove } = useTeamActions(projectId, {
    onSuccess: (message) => notify.success(message),
    onError: (error) => notify.error(serverMessage(error) ?? i18n.t('collaborators.team.failed')),
  });
  const name = member.user?.name ?? member.email;
  const save = (permissions: CollaboratorPermission[]) => {
    if (permissions.length === 0 || !member.user) return;
    change.mutate(
      { userId: member.user.id, permissions },
      {
        onSuccess: (answer) => notify.success(answer.message),
        onError: (error) => notify.error(serverMessage(error) ?? i18n.t('collaborators.team.failed')),
      },
    );
  };
  return (
    <Stack
      component="li"
      gap="xs"
      py="sm"
      style={{ listStyle: 'none', borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Avatar src={mediaUrl(member.user?.profile_image ?? null)} alt="" size={32} radius="xl">
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Stack gap={0}>
            <Text fw={600} size="sm">
              {name}
            </Text>
            {member.user && (
              <Text size="xs" c="dimmed">
                {member.email}
              </Text>
            )}
          </Stack>
          {member.status === 'pending' && (
            <Badge variant="light" color="yellow">
              {i18n.t('collaborators.team.pending')}
            </Badge>
          )}
        </Group>
        <Button
          variant="subtle"
          color="red"
          size="xs"
          loading={remove.isPending}
          aria-label={i18n.t('collaborators.team.removeNamed', { name })}
          onClick={() => remove.mutate(member.id)}
        >
          {member.status === 'pending'
            ? i18n.t('collaborators.team.withdraw')
            : i18n.t('collaborators.team.remove')}
        </Button>
      </Group>
      <PermissionBoxes
        value={member.permissions}
        onChange={save}
        label={i18n.t('collaborators.team.permissionsOf', { name })}
        disabled={!member.user || change.isPending}
      />
    </Stack>
  );
}

/** The creator's Team tab (DESIGN.md §19): invite by address with permissions, change them, remove. */
export function TeamTab({ projectId }: { projectId: number }) {
  const i18n = useI18n();
  const team = useTeam(projectId);
  const { invite } = useTeamActions(projectId);
  const [email, setEmail] = useState('');
  const [permissions, setPermissions] = useState<CollaboratorPermission[]>(['community']);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { email: email.trim(), permissions },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          setEmail('');
        },
      },
    );
  };

  if (team.isError) {
    return (
      <Alert color="red" role="alert">
        {serverMessage(team.error) ?? i18n.t('collaborators.team.failed')}
      </Alert>
    );
  }
  const members = team.data?.data ?? [];
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {i18n.t('collaborators.team.explain')}
      </Text>
      <form onSubmit={submit} aria-label={i18n.t('collaborators.team.inviteTitle')}>
        <Stack gap="sm">
          <TextInput
            type="email"
            label={i18n.t('collaborators.team.email')}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            required
            maw={420}
          />
          <PermissionBoxes
            value={permissions}
            onChange={setPermissions}
            label={i18n.t('collaborators.team.newPermissions')}
          />
          {invite.isError && (
            <Alert color="red" role="alert">
              {serverMessage(invite.error) ?? i18n.t('collaborators.team.failed')}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={invite.isPending} disabled={permissions.length === 0}>
              {i18n.t('collaborators.team.invite')}
            </Button>
          </Group>
        </Stack>
      </form>
      {!team.data ? (
        <Loader size="sm" aria-label={i18n.t('collaborators.team.loading')} />
      ) : members.length === 0 ? (
        <Text c="dimmed">{i18n.t('collaborators.team.empty')}</Text>
      ) : (
        <Stack component="ul" gap={0} p={0} m={0} aria-label={i18n.t('collaborators.team.title')}>
          {members.map((member) => (
            <Member key={member.id} member={member} projectId={projectId} />
          ))}
        </Stack>
      )}
      <Text size="xs" c="dimmed">
        {i18n.t('collaborators.team.count', { count: members.length, limit: team.data?.meta.limit ?? 20 })}
      </Text>
    </Stack>
  );
}
