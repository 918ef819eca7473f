import { Alert, Badge, Skeleton } from '@mantine/core';
import { Container, Group, Paper, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import type { ProjectList } from '@fundry/shared';
import { Rich, useI18n } from '@/lib/i18n';
import { usePayoutEligibility, useBankAccountStatus } from '../api/payouts';
import { BankConnection } from '../components/BankConnection';
import { StatusBadge } from '@/components/projects/StatusBadge';
import { useMyProjects } from '@/lib/projects';

function ProjectPayoutRow({ project }: { project: ProjectList['projects'][number] }) {
  const i18n = useI18n();
  const eligibility = usePayoutEligibility(project.id);
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-label={project.title}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
          <Group gap="xs">
            <Text fw={600}>{project.title}</Text>
            <StatusBadge status={project.status} size="sm" />
          </Group>
          {eligibility.isPending && <Skeleton height={14} width="60%" />}
          {eligibility.isError && (
            <Text size="sm" c="red">
              {i18n.t('payouts.loadFailed')}
            </Text>
          )}
          {eligibility.data && (
            <>
              <Text size="sm">
                <Rich
                  id="payouts.creator.figures"
                  values={{
                    available: i18n.money(eligibility.data.available_amount, eligibility.data.currency),
                    paid: i18n.money(eligibility.data.funds_info.total_paid_out, eligibility.data.currency),
                  }}
                  tags={{ strong: (text) => <strong>{text}</strong> }}
                />
              </Text>
              {eligibility.data.eligible ? (
                <Badge color="teal" variant="light" w="fit-content">
                  {i18n.t('payouts.creator.eligible')}
                </Badge>
              ) : (
                <Text size="sm" c="dimmed">
                  {eligibility.data.reason && i18n.t(eligibility.data.reason)}
                </Text>
              )}
            </>
          )}
        </Stack>
        <Button component={Link} to={`/projects/${project.id}`} variant="light">
          {i18n.t('payouts.creator.manage')}
        </Button>
      </Group>
    </Paper>
  );
}

/** /dashboard/creator: the creator's bank connection and each project's payout eligibility. */
export function CreatorPayoutsPage() {
  const i18n = useI18n();
  const status = useBankAccountStatus();
  const projects = useMyProjects({ perPage: 100 });
  const live = projects.data?.projects.filter((project) => project.status !== 'DRAFT') ?? [];

  return (
    <Container size="lg" py={40}>
      <Stack gap="xl">
        <div>
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            {i18n.t('payouts.creator.title')}
          </Title>
          <Text c="dimmed">{i18n.t('payouts.creator.description')}</Text>
        </div>
        {status.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {i18n.t('payouts.loadFailed')}
          </Alert>
        ) : (
          <BankConnection status={status.data} />
        )}
        <section aria-labelledby="payout-projects">
          <Title order={2} fz="xl" mb="md" id="payout-projects">
            {i18n.t('payouts.creator.projects')}
          </Title>
          {projects.isPending && <Skeleton height={80} radius="md" />}
          {projects.isError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {i18n.t('payouts.loadFailed')}
            </Alert>
          )}
          {projects.data && live.length === 0 && (
            <Text c="dimmed">{i18n.t('payouts.creator.noProjects')}</Text>
          )}
          {live.length > 0 && (
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
              {live.map((project) => (
                <ProjectPayoutRow key={project.id} project={project} />
              ))}
            </Stack>
          )}
        </section>
      </Stack>
    </Container>
  );
}
