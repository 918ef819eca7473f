import { Alert, Card, Skeleton, ThemeIcon } from '@mantine/core';
import { Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconAlertCircle, IconBulb, IconEye, IconShieldLock, IconUsersGroup } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import type { SiteStats } from '@fundry/shared';
import { PageHero } from '@/components/PageHero';
import { formatBaseFigure } from '@/components/money/base-figure';
import { useI18n } from '@/lib/i18n';
import { useSiteStats } from '../api/site-stats';

/** Each figure as the server counted it (DESIGN.md §13: no invented numbers); `label` is a catalog key. */
const FIGURES: {
  key: Exclude<keyof SiteStats, 'currency' | 'approximate'>;
  label: string;
  money?: boolean;
}[] = [
  { key: 'projects_funded', label: 'info.about.figures.projectsFunded' },
  { key: 'live_projects', label: 'info.about.figures.liveProjects' },
  { key: 'amount_raised', label: 'info.about.figures.amountRaised', money: true },
  { key: 'pledges', label: 'info.about.figures.pledges' },
];

function Figures() {
  const i18n = useI18n();
  const stats = useSiteStats();
  if (stats.isError) {
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle size={18} />}
        role="alert"
        title={i18n.t('info.about.figures.loadFailed')}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{i18n.t('info.about.figures.tryLater')}</Text>
          <Button size="xs" variant="white" onClick={() => void stats.refetch()} loading={stats.isFetching}>
            {i18n.t('info.about.figures.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg">
      {FIGURES.map((figure) => (
        <Paper key={figure.key} withBorder p="lg" radius="md" ta="center" data-figure={figure.key}>
          {stats.data ? (
            <Text fz={30} fw={800} c="teal">
              {figure.money
                ? formatBaseFigure(i18n, { ...stats.data, amount: stats.data[figure.key] }, 0)
                : i18n.number(stats.data[figure.key])}
            </Text>
          ) : (
            <Skeleton height={36} my={4} aria-hidden />
          )}
          <Text size="sm" c="dimmed">
            {i18n.t(figure.label)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** Each value's icon, and its title and text as catalog keys. */
const values = [
  {
    icon: IconEye,
    title: 'info.about.values.transparency.title',
    text: 'info.about.values.transparency.text',
  },
  { icon: IconBulb, title: 'info.about.values.innovation.title', text: 'info.about.values.innovation.text' },
  {
    icon: IconUsersGroup,
    title: 'info.about.values.community.title',
    text: 'info.about.values.community.text',
  },
  {
    icon: IconShieldLock,
    title: 'info.about.values.security.title',
    text: 'info.about.values.security.text',
  },
];

export function AboutPage() {
  const i18n = useI18n();
  return (
    <>
      <PageHero title={i18n.t('info.about.title')} subtitle={i18n.t('info.about.subtitle')} />
      <Container size="lg" py={64}>
        <Stack gap={64}>
          <section aria-labelledby="stats-heading">
            <Title id="stats-heading" order={2} mb="lg">
              {i18n.t('info.about.figures.title')}
            </Title>
            <Figures />
            <Text size="sm" c="dimmed" mt="sm">
              {i18n.t('info.about.figures.source')}
            </Text>
          </section>

          <section aria-labelledby="mission-heading">
            <Title id="mission-heading" order={2} mb="md">
              {i18n.t('info.about.mission.title')}
            </Title>
            <Text fz="lg" maw={820}>
              {i18n.t('info.about.mission.text')}
            </Text>
          </section>

          <section aria-labelledby="values-heading">
            <Title id="values-heading" order={2} mb="lg">
              {i18n.t('info.about.values.title')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
              {values.map((value) => (
                <Card key={value.title} withBorder padding="lg" radius="md">
                  <ThemeIcon size={44} radius="md" variant="light" mb="md">
                    <value.icon size={24} />
                  </ThemeIcon>
                  <Title order={3} fz="lg" mb={6}>
                    {i18n.t(value.title)}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {i18n.t(value.text)}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </section>

          <Paper radius="lg" p={{ base: 'xl', sm: 48 }} bg="teal.0">
            <Stack align="center" gap="md" ta="center">
              <Title order={2}>{i18n.t('info.about.cta.title')}</Title>
              <Text c="dimmed" maw={560}>
                {i18n.t('info.about.cta.text')}
              </Text>
              <Group>
                <Button component={Link} to="/projects/create" size="md">
                  {i18n.t('info.startProject')}
                </Button>
                <Button component={Link} to="/projects/explore" size="md" variant="default">
                  {i18n.t('info.browseProjects')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Stack>
      </Container>
    </>
  );
}
