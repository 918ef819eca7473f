import { ActionIcon, Alert, Badge } from '@mantine/core';
import { Group, Paper, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconAlertCircle, IconCheck, IconPencil, IconPlus, IconTargetArrow } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import type { Project, StretchGoal } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { useLazyDialog } from '@/lib/lazy-dialog';
import { useSession } from '@/lib/session';
import { useStretchGoals } from '../api/stretch-goals';

// Only the creator edits stretch goals; their form loads when first opened.
const StretchGoalFormDialog = lazy(async () => ({
  default: (await import('./StretchGoalFormDialog')).StretchGoalFormDialog,
}));

/** The statuses whose stretch goals change (the API's rule, as for rewards). */
const EDITABLE = ['DRAFT', 'PENDING', 'ACTIVE'];

/** As rewards (SPEC §6): create_reward plus being the creator or an admin, while the campaign has not ended. */
function useCanManage(project: Project, isCreator: boolean) {
  const session = useSession();
  return (
    session.permissions.includes('create_reward') &&
    (isCreator || session.isAdmin) &&
    EDITABLE.includes(project.status)
  );
}

/**
 * The project page's "Stretch goals" list, beside its rewards: each amount in the project's currency written the
 * reader's way, the reached ones marked; the creator adds and edits them here. Nothing is shown to visitors of a
 * project without any.
 */
export function StretchGoalsCard({ project, isCreator }: { project: Project; isCreator: boolean }) {
  const i18n = useI18n();
  const goals = useStretchGoals(project.id);
  const canManage = useCanManage(project, isCreator);
  const form = useLazyDialog<StretchGoal | null>();
  const list = goals.data ?? [];
  if (!canManage && list.length === 0) return null;

  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      shadow="xs"
      component="section"
      aria-labelledby="stretch-goals-heading"
    >
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="xs">
          <Group gap={8} wrap="nowrap">
            <IconTargetArrow size={20} color="var(--mantine-color-teal-7)" aria-hidden />
            <Title order={2} fz="lg" id="stretch-goals-heading">
              {i18n.t('projects.stretchGoals.title')}
            </Title>
          </Group>
          {canManage && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => form.open(null)}
            >
              {i18n.t('projects.stretchGoals.add')}
            </Button>
          )}
        </Group>
        {goals.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {i18n.t('projects.stretchGoals.loadFailed')}
          </Alert>
        )}
        {canManage && goals.isSuccess && list.length === 0 && (
          <Text size="sm" c="dimmed">
            {i18n.t('projects.stretchGoals.empty')}
          </Text>
        )}
        {list.length > 0 && (
          <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {list.map((goal) => (
              <li key={goal.id} data-testid="stretch-goal">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <Stack gap={2} miw={0}>
                    <Group gap="xs">
                      <Text fw={700}>{i18n.money(goal.amount, goal.currency)}</Text>
                      {goal.reached_at && (
                        <Badge color="green" variant="light" leftSection={<IconCheck size={12} />}>
                          {i18n.t('projects.stretchGoals.reached')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" fw={600} lang={project.language} style={{ overflowWrap: 'anywhere' }}>
                      {goal.title}
                    </Text>
                    {goal.description && (
                      <Text
                        size="sm"
                        c="dimmed"
                        lang={project.language}
                        style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
                      >
                        {goal.description}
                      </Text>
                    )}
                  </Stack>
                  {canManage && (
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={i18n.t('projects.stretchGoals.edit', { title: goal.title })}
                      onClick={() => form.open(goal)}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  )}
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
      {canManage && form.state && (
        <Suspense fallback={null}>
          <StretchGoalFormDialog
            project={project}
            opened={form.state.opened}
            goal={form.state.value}
            onClose={form.close}
          />
        </Suspense>
      )}
    </Paper>
  );
}
