import { Alert, TextInput } from '@mantine/core';
import { Group, Paper, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconClockPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { type Project, todayUtc } from '@fundry/shared';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useSetLatePledges } from '../api/late-pledges';

/** Whether the campaign may take late pledges (DESIGN.md §16): succeeded, or a flexible one that ended. */
export const mayOpenLatePledges = (project: Pick<Project, 'status' | 'funding_model'>) =>
  project.status === 'SUCCESSFUL' || (project.status === 'FAILED' && project.funding_model === 'flexible');

/**
 * The creator's after-success control: open late pledges (optionally until a date) or close them. The server
 * decides who may and when; this only offers it where it would be accepted.
 */
export function LatePledgesControl({ project }: { project: Project }) {
  const i18n = useI18n();
  const set = useSetLatePledges(project.id);
  const [until, setUntil] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  if (!mayOpenLatePledges(project)) return null;
  const open = project.late_pledges.open;
  // The server refuses today and before; the picker starts after today.
  const today = todayUtc();
  const submit = (body: { open: boolean; until?: string | null }) => {
    setProblem(null);
    set.mutate(body, {
      onSuccess: (response) => notify.success(response.message),
      onError: (error) => setProblem(serverMessage(error) ?? i18n.t('creatorTools.late.failed')),
    });
  };
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="late-pledges"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="late-pledges">
          {i18n.t('creatorTools.late.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {open
            ? project.late_pledges.until
              ? i18n.t('creatorTools.late.openUntil', { date: i18n.calendarDate(project.late_pledges.until) })
              : i18n.t('creatorTools.late.open')
            : i18n.t('creatorTools.late.explain')}
        </Text>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        {open ? (
          <Group>
            <Button variant="default" loading={set.isPending} onClick={() => submit({ open: false })}>
              {i18n.t('creatorTools.late.close')}
            </Button>
          </Group>
        ) : (
          <Group align="flex-end" wrap="wrap">
            <TextInput
              type="date"
              label={i18n.t('creatorTools.late.untilLabel')}
              description={i18n.t('creatorTools.late.untilDescription')}
              min={today}
              value={until}
              onChange={(event) => setUntil(event.currentTarget.value)}
            />
            <Button
              leftSection={<IconClockPlus size={18} />}
              loading={set.isPending}
              onClick={() => submit({ open: true, until: until || null })}
            >
              {i18n.t('creatorTools.late.openButton')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
