import { Alert, Badge, Loader } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { AccountStanding, AdminUserSummary } from '@fundry/shared';
import { PageNavigation } from '@/components/PageNavigation';
import { Button, UnstyledButton } from '@/components/primitives/buttons';
import { TextInput } from '@/components/primitives/inputs';
import { Group, Paper, Stack, Text } from '@/components/primitives/primitives';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { personName } from '@/lib/people';
import { useUserSearch } from '../api/users';

/** Each standing's badge: its words and colour. */
export const STANDING_BADGE: Record<AccountStanding, { label: string; color: string }> = {
  active: { label: 'admin.users.standing.active', color: 'teal' },
  silenced: { label: 'admin.users.standing.silenced', color: 'orange' },
  suspended: { label: 'admin.users.standing.suspended', color: 'red' },
};

export function StandingBadge({ standing }: { standing: AccountStanding }) {
  const i18n = useI18n();
  return (
    <Badge size="sm" variant="light" color={STANDING_BADGE[standing].color}>
      {i18n.t(STANDING_BADGE[standing].label)}
    </Badge>
  );
}

function RoleBadge({ roles }: { roles: string[] }) {
  const i18n = useI18n();
  const admin = roles.includes('Admin');
  return (
    <Badge size="sm" variant="outline" color={admin ? 'grape' : 'gray'}>
      {i18n.t(admin ? 'admin.users.role.admin' : 'admin.users.role.user')}
    </Badge>
  );
}

function UserRow({ user, onOpen }: { user: AdminUserSummary; onOpen: (id: number) => void }) {
  const i18n = useI18n();
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`user-row-${user.id}`}>
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <UnstyledButton
            onClick={() => onOpen(user.id)}
            aria-label={i18n.t('admin.users.open', { name: personName(user.full_name, i18n) })}
          >
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {personName(user.full_name, i18n)}
            </Text>
          </UnstyledButton>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
        </Stack>
        <Group gap="xs">
          <RoleBadge roles={user.roles} />
          <StandingBadge standing={user.standing} />
        </Group>
      </Group>
    </Paper>
  );
}

/** The directory: a search by name or e-mail, and the people found, each opening their record. */
export function UserDirectory({ onOpen }: { onOpen: (id: number) => void }) {
  const i18n = useI18n();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const users = useUserSearch(query, page);

  let results;
  if (users.isPending) results = <Loader aria-label={i18n.t('admin.users.loading')} />;
  else if (users.isError)
    results = (
      <Alert color="red" role="alert">
        {serverMessage(users.error) ?? i18n.t('admin.users.loadFailed')}
      </Alert>
    );
  else if (users.data.data.length === 0) results = <Text c="dimmed">{i18n.t('admin.users.none')}</Text>;
  else
    results = (
      <Stack gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite">
          {i18n.t('admin.users.found', { count: users.data.meta.total })}
        </Text>
        {users.data.data.map((user) => (
          <UserRow key={user.id} user={user} onOpen={onOpen} />
        ))}
        <PageNavigation page={page} total={users.data.meta.pages} onChange={setPage} />
      </Stack>
    );

  return (
    <Stack gap="md">
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(typed.trim());
          setPage(1);
        }}
      >
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            type="search"
            label={i18n.t('admin.users.searchLabel')}
            placeholder={i18n.t('admin.users.searchPlaceholder')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            style={{ flex: '1 1 14rem' }}
          />
          <Button type="submit" leftSection={<IconSearch size={16} />}>
            {i18n.t('admin.users.search')}
          </Button>
        </Group>
      </form>
      {results}
    </Stack>
  );
}
