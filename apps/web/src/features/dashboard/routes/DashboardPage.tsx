import { ThemeIcon } from '@mantine/core';
import { Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@/components/primitives/primitives';
import { IconCoin, IconHeartHandshake, IconRocket } from '@tabler/icons-react';
import { type ReactNode, Suspense } from 'react';
import { PageLoader } from '@/components/PageLoader';
import { formatBaseFigure } from '@/components/money/base-figure';
import { useI18n } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { LatestProjects } from '../components/LatestProjects';
import { RecentActivity } from '../components/RecentActivity';

function StatCard({
  label,
  value,
  icon,
  color,
}: {
  label: string;
  value: string;
  icon: ReactNode;
  color: string;
}) {
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fz={28} fw={700} lh={1.2}>
            {value}
          </Text>
        </Stack>
        <ThemeIcon size={44} radius="md" variant="light" color={color}>
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

/**
 * `funding`: the creator's funding curve, composed in by the app (creator tools); `collaborations`: my invitations
 * and the projects I help with (collaborators).
 */
export function DashboardPage({
  funding,
  collaborations,
}: { funding?: ReactNode; collaborations?: ReactNode } = {}) {
  const i18n = useI18n();
  const session = useSession();
  const user = session.user;
  if (!user) return <PageLoader />;

  return (
    <Container size="lg" py={40}>
      <Stack gap="xl">
        <div>
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            {i18n.t('dashboard.welcome', { name: user.full_name || user.username })}
          </Title>
          <Text c="dimmed">{i18n.t('dashboard.subtitle')}</Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <StatCard
            label={i18n.t('dashboard.stats.totalRaised')}
            value={formatBaseFigure(i18n, { ...user, amount: user.total_raised ?? 0 })}
            icon={<IconCoin size={24} />}
            color="teal"
          />
          <StatCard
            label={i18n.t('dashboard.stats.projectsCreated')}
            value={i18n.number(user.projects_created_count)}
            icon={<IconRocket size={24} />}
            color="blue"
          />
          <StatCard
            label={i18n.t('dashboard.stats.projectsBacked')}
            value={i18n.number(user.backed_projects_count)}
            icon={<IconHeartHandshake size={24} />}
            color="grape"
          />
        </SimpleGrid>
        {collaborations}
        <LatestProjects />
        {funding && <Suspense fallback={null}>{funding}</Suspense>}
        <RecentActivity />
      </Stack>
    </Container>
  );
}
