import { ThemeIcon, Timeline } from '@mantine/core';
import { Container, Group, SimpleGrid, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import {
  IconBuildingBank,
  IconChecklist,
  IconCoin,
  IconRocket,
  IconSearch,
  IconUserPlus,
} from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { PageHero } from '@/components/PageHero';
import { useI18n } from '@/lib/i18n';

/** Each step's icon, and its title and text as catalog keys. */
const creatorSteps = [
  {
    icon: IconUserPlus,
    title: 'info.howItWorks.creators.account.title',
    text: 'info.howItWorks.creators.account.text',
  },
  {
    icon: IconChecklist,
    title: 'info.howItWorks.creators.build.title',
    text: 'info.howItWorks.creators.build.text',
  },
  {
    icon: IconRocket,
    title: 'info.howItWorks.creators.review.title',
    text: 'info.howItWorks.creators.review.text',
  },
  {
    icon: IconBuildingBank,
    title: 'info.howItWorks.creators.paid.title',
    text: 'info.howItWorks.creators.paid.text',
  },
];

const backerSteps = [
  {
    icon: IconSearch,
    title: 'info.howItWorks.backers.discover.title',
    text: 'info.howItWorks.backers.discover.text',
  },
  {
    icon: IconCoin,
    title: 'info.howItWorks.backers.back.title',
    text: 'info.howItWorks.backers.back.text',
  },
  {
    icon: IconRocket,
    title: 'info.howItWorks.backers.follow.title',
    text: 'info.howItWorks.backers.follow.text',
  },
];

export function HowItWorksPage() {
  const i18n = useI18n();
  return (
    <>
      <PageHero title={i18n.t('info.howItWorks.title')} subtitle={i18n.t('info.howItWorks.subtitle')} />
      <Container size="lg" py={56}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={56}>
          <Stack>
            <Title order={2}>{i18n.t('info.howItWorks.creators.title')}</Title>
            <Timeline active={creatorSteps.length} bulletSize={36} lineWidth={2}>
              {creatorSteps.map((step) => (
                <Timeline.Item key={step.title} title={i18n.t(step.title)} bullet={<step.icon size={18} />}>
                  <Text c="dimmed" size="sm">
                    {i18n.t(step.text)}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </Stack>
          <Stack>
            <Title order={2}>{i18n.t('info.howItWorks.backers.title')}</Title>
            <Timeline active={backerSteps.length} bulletSize={36} lineWidth={2} color="cyan">
              {backerSteps.map((step) => (
                <Timeline.Item key={step.title} title={i18n.t(step.title)} bullet={<step.icon size={18} />}>
                  <Text c="dimmed" size="sm">
                    {i18n.t(step.text)}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
            <Group mt="lg">
              <ThemeIcon variant="light" size="lg">
                <IconCoin size={18} />
              </ThemeIcon>
              <Text size="sm" c="dimmed" maw={420}>
                {i18n.t('info.howItWorks.allOrNothing')}
              </Text>
            </Group>
          </Stack>
        </SimpleGrid>
        <Group justify="center" mt={56}>
          <Button component={Link} to="/projects/create" size="md">
            {i18n.t('info.startProject')}
          </Button>
          <Button component={Link} to="/projects/explore" size="md" variant="default">
            {i18n.t('info.browseProjects')}
          </Button>
        </Group>
      </Container>
    </>
  );
}
