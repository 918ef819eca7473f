import { Card, ThemeIcon } from '@mantine/core';
import { Anchor, Container, Group, SimpleGrid, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconHeartHandshake, IconLock, IconReceiptRefund, IconShieldCheck } from '@tabler/icons-react';
import { Link, useNavigate } from '@/lib/router';
import { useI18n } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { DiscoverSection } from '../components/DiscoverSection';
import { UpcomingSection } from '../components/UpcomingSection';
import { ExplainerVideo } from '../components/ExplainerVideo';
import { localizedNews } from '../news';
import { NEWS } from '@fundry/shared';
import classes from './HomePage.module.css';

/** Why backing is safe: each point's title and text are the catalog messages `home.trust.{key}.title/text`. */
const trustPoints = [
  { icon: IconLock, key: 'secureCheckout' },
  { icon: IconReceiptRefund, key: 'allOrNothing' },
  { icon: IconShieldCheck, key: 'reviewed' },
  { icon: IconHeartHandshake, key: 'fees' },
];

export function HomePage() {
  const session = useSession();
  const navigate = useNavigate();
  const i18n = useI18n();
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
              {i18n.t('home.hero.title')}
            </Title>
            <Text className={classes.heroText}>{i18n.t('home.hero.text')}</Text>
            <Group>
              <Button size="lg" color="white" variant="white" c="teal.9" onClick={startProject}>
                {i18n.t('home.hero.startProject')}
              </Button>
              <Button size="lg" variant="outline" color="white" component={Link} to="/projects/explore">
                {i18n.t('home.hero.browseProjects')}
              </Button>
            </Group>
          </Stack>
        </Container>
      </div>

      <Container size="lg" py={64}>
        <Stack gap={72}>
          <DiscoverSection />
          <UpcomingSection />

          <section aria-labelledby="news-heading">
            <Title id="news-heading" order={2} mb="lg">
              {i18n.t('home.news.title')}
            </Title>
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
              {NEWS.map((item) => {
                const news = localizedNews(i18n, item);
                return (
                  <Card key={item.slug} withBorder radius="md" padding="lg">
                    <Text size="xs" c="dimmed" mb={4}>
                      {i18n.calendarDate(item.date)}
                    </Text>
                    <Title order={3} fz="lg" mb="xs">
                      {news.title}
                    </Title>
                    <Text size="sm" c="dimmed" mb="md">
                      {news.summary}
                    </Text>
                    {/* The link says where it goes: "Read more" three times says nothing to a screen reader or a crawler. */}
                    <Anchor component={Link} to={`/news/${item.slug}`} size="sm" fw={600}>
                      {i18n.t('home.news.read', { title: news.title })}
                    </Anchor>
                  </Card>
                );
              })}
            </SimpleGrid>
          </section>

          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} verticalSpacing={32}>
            <Stack justify="center" gap="md">
              <Title order={2}>{i18n.t('home.about.title')}</Title>
              <Text c="dimmed">{i18n.t('home.about.text')}</Text>
              <Group>
                <Button component={Link} to="/about" variant="light">
                  {i18n.t('home.about.learnMore')}
                </Button>
                <Button component={Link} to="/how-it-works" variant="subtle">
                  {i18n.t('home.about.howItWorks')}
                </Button>
              </Group>
            </Stack>
            <ExplainerVideo />
          </SimpleGrid>

          <section aria-labelledby="trust-heading">
            <Title id="trust-heading" order={2} mb="lg" ta="center">
              {i18n.t('home.trust.title')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
              {trustPoints.map((point) => (
                <Stack key={point.key} align="center" ta="center" gap="xs">
                  <ThemeIcon size={52} radius="xl" variant="light">
                    <point.icon size={26} />
                  </ThemeIcon>
                  <Text fw={700}>{i18n.t(`home.trust.${point.key}.title`)}</Text>
                  <Text size="sm" c="dimmed">
                    {i18n.t(`home.trust.${point.key}.text`)}
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
