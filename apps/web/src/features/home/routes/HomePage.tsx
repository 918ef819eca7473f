import {
  Anchor,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconHeartHandshake, IconLock, IconReceiptRefund, IconShieldCheck } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '@/lib/session';
import { DiscoverSection } from '../components/DiscoverSection';
import { ExplainerVideo } from '../components/ExplainerVideo';
import { NEWS } from '@fundry/shared';

const trustPoints = [
  {
    icon: IconLock,
    title: 'Secure checkout',
    text: 'Pledges are paid through a certified card processor; we never store card numbers.',
  },
  {
    icon: IconReceiptRefund,
    title: 'All-or-nothing protection',
    text: 'If an all-or-nothing campaign misses its goal, every backer is refunded in full.',
  },
  {
    icon: IconShieldCheck,
    title: 'Reviewed projects',
    text: 'Every project is reviewed by our team before it goes live.',
  },
  {
    icon: IconHeartHandshake,
    title: 'Clear fees',
    text: '5% platform fee plus card processing. Backers pay nothing extra.',
  },
];

export function HomePage() {
  const session = useSession();
  const navigate = useNavigate();
  const startProject = () => {
    if (session.isSignedIn) void navigate('/projects/create');
    else void navigate('/signin', { state: { from: '/projects/create' } });
  };

  return (
    <>
      <div
        style={{
          background:
            'linear-gradient(135deg, var(--mantine-color-teal-9) 0%, var(--mantine-color-cyan-8) 100%)',
          color: 'white',
        }}
      >
        <Container size="lg" py={{ base: 64, sm: 96 }}>
          <Stack gap="lg" maw={680}>
            <Title order={1} fz={{ base: 38, sm: 56 }} lh={1.05}>
              Fund the ideas you believe in
            </Title>
            <Text fz={{ base: 'md', sm: 'xl' }} opacity={0.92}>
              Fundry connects creators with backers who want to see new games, films, gadgets and causes come
              to life. Start your own project or back one today.
            </Text>
            <Group>
              <Button size="lg" color="white" variant="white" c="teal.9" onClick={startProject}>
                Start a Project
              </Button>
              <Button size="lg" variant="outline" color="white" component={Link} to="/projects/explore">
                Browse Projects
              </Button>
            </Group>
          </Stack>
        </Container>
      </div>

      <Container size="lg" py={64}>
        <Stack gap={72}>
          <DiscoverSection />

          <section aria-labelledby="news-heading">
            <Title id="news-heading" order={2} mb="lg">
              Latest News
            </Title>
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
              {NEWS.map((item) => (
                <Card key={item.slug} withBorder radius="md" padding="lg">
                  <Text size="xs" c="dimmed" mb={4}>
                    {new Date(item.date).toLocaleDateString(undefined, { dateStyle: 'long' })}
                  </Text>
                  <Title order={3} fz="lg" mb="xs">
                    {item.title}
                  </Title>
                  <Text size="sm" c="dimmed" mb="md">
                    {item.summary}
                  </Text>
                  {/* The link says where it goes: "Read more" three times says nothing to a screen reader or a crawler. */}
                  <Anchor component={Link} to={`/news/${item.slug}`} size="sm" fw={600}>
                    Read “{item.title}”
                  </Anchor>
                </Card>
              ))}
            </SimpleGrid>
          </section>

          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} verticalSpacing={32}>
            <Stack justify="center" gap="md">
              <Title order={2}>About Fundry</Title>
              <Text c="dimmed">
                Fundry is an open-source crowdfunding platform. Creators publish projects with a goal, dates
                and reward tiers; backers pledge through a secure checkout; when a campaign succeeds, creators
                take payouts straight to their bank account.
              </Text>
              <Group>
                <Button component={Link} to="/about" variant="light">
                  Learn more about us
                </Button>
                <Button component={Link} to="/how-it-works" variant="subtle">
                  How it works
                </Button>
              </Group>
            </Stack>
            <ExplainerVideo />
          </SimpleGrid>

          <section aria-labelledby="trust-heading">
            <Title id="trust-heading" order={2} mb="lg" ta="center">
              Back with confidence
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
              {trustPoints.map((point) => (
                <Stack key={point.title} align="center" ta="center" gap="xs">
                  <ThemeIcon size={52} radius="xl" variant="light">
                    <point.icon size={26} />
                  </ThemeIcon>
                  <Text fw={700}>{point.title}</Text>
                  <Text size="sm" c="dimmed">
                    {point.text}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </section>
        </Stack>
      </Container>
    </>
  );
}
