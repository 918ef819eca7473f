import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconBulb, IconEye, IconShieldLock, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDollars, type SiteStats } from '@fundry/shared';
import { PageHero } from '@/components/PageHero';
import { useSiteStats } from '../api/site-stats';

const count = (value: number) => value.toLocaleString('en-US');

/** Each figure as the server counted it (DESIGN.md §13: no invented numbers). */
const FIGURES: { key: keyof SiteStats; label: string; format: (value: number) => string }[] = [
  { key: 'projects_funded', label: 'Projects funded', format: count },
  { key: 'live_projects', label: 'Campaigns running now', format: count },
  {
    key: 'amount_raised',
    label: 'Pledged to running and funded campaigns',
    format: (v) => formatDollars(v, 0),
  },
  { key: 'pledges', label: 'Pledges from backers', format: count },
];

function Figures() {
  const stats = useSiteStats();
  if (stats.isError) {
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle size={18} />}
        role="alert"
        title="The figures could not be loaded"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Please try again in a moment.</Text>
          <Button size="xs" variant="white" onClick={() => void stats.refetch()} loading={stats.isFetching}>
            Try again
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
              {figure.format(stats.data[figure.key])}
            </Text>
          ) : (
            <Skeleton height={36} my={4} aria-hidden />
          )}
          <Text size="sm" c="dimmed">
            {figure.label}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

const values = [
  {
    icon: IconEye,
    title: 'Transparency',
    text: 'Every pledge, fee and payout is visible. Backers see where their money goes; creators see what they receive.',
  },
  {
    icon: IconBulb,
    title: 'Innovation',
    text: 'We champion bold, original ideas, from first prototypes to art that has never been made before.',
  },
  {
    icon: IconUsersGroup,
    title: 'Community',
    text: 'Projects succeed because people rally around them. We build tools that bring creators and backers together.',
  },
  {
    icon: IconShieldLock,
    title: 'Security',
    text: 'Payments go through a certified card processor, accounts are protected by two-factor sign-in, and your data stays yours.',
  },
];

export function AboutPage() {
  return (
    <>
      <PageHero
        title="About Fundry"
        subtitle="We help creators turn ideas into reality with the support of a community that believes in them."
      />
      <Container size="lg" py={64}>
        <Stack gap={64}>
          <section aria-labelledby="stats-heading">
            <Title id="stats-heading" order={2} mb="lg">
              Fundry in numbers
            </Title>
            <Figures />
            <Text size="sm" c="dimmed" mt="sm">
              Counted from this site&apos;s own records; updated every minute.
            </Text>
          </section>

          <section aria-labelledby="mission-heading">
            <Title id="mission-heading" order={2} mb="md">
              Our mission
            </Title>
            <Text fz="lg" maw={820}>
              Great ideas should not wait for permission. Fundry gives every creator a fair place to present
              their project, find the people who want it to exist, and raise the money to make it — with clear
              rules, honest fees and payouts you can rely on.
            </Text>
          </section>

          <section aria-labelledby="values-heading">
            <Title id="values-heading" order={2} mb="lg">
              Our values
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
              {values.map((value) => (
                <Card key={value.title} withBorder padding="lg" radius="md">
                  <ThemeIcon size={44} radius="md" variant="light" mb="md">
                    <value.icon size={24} />
                  </ThemeIcon>
                  <Title order={3} fz="lg" mb={6}>
                    {value.title}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {value.text}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </section>

          <Paper radius="lg" p={{ base: 'xl', sm: 48 }} bg="teal.0">
            <Stack align="center" gap="md" ta="center">
              <Title order={2}>Ready to bring your idea to life?</Title>
              <Text c="dimmed" maw={560}>
                Start your project in minutes, or find something wonderful to back today.
              </Text>
              <Group>
                <Button component={Link} to="/projects/create" size="md">
                  Start a Project
                </Button>
                <Button component={Link} to="/projects/explore" size="md" variant="default">
                  Browse Projects
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Stack>
      </Container>
    </>
  );
}
