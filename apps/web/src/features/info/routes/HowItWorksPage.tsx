import { Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import {
  IconBuildingBank,
  IconChecklist,
  IconCoin,
  IconRocket,
  IconSearch,
  IconUserPlus,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHero } from '@/components/PageHero';

const creatorSteps = [
  { icon: IconUserPlus, title: 'Create your account', text: 'Register and confirm your e-mail address.' },
  {
    icon: IconChecklist,
    title: 'Build your project',
    text: 'Describe your idea, set a goal and dates, add media and rewards. Save drafts as you go.',
  },
  {
    icon: IconRocket,
    title: 'Submit for review',
    text: 'Our team checks that the project follows the guidelines, then it goes live.',
  },
  {
    icon: IconBuildingBank,
    title: 'Get paid',
    text: 'Connect a bank account and request a payout once your campaign is eligible.',
  },
];

const backerSteps = [
  {
    icon: IconSearch,
    title: 'Discover',
    text: 'Search, explore by category and save the projects you love.',
  },
  {
    icon: IconCoin,
    title: 'Back a project',
    text: 'Choose an amount and an optional reward, then pay through a secure checkout.',
  },
  {
    icon: IconRocket,
    title: 'Follow along',
    text: 'Track progress from your dashboard and get notified when goals are reached.',
  },
];

export function HowItWorksPage() {
  return (
    <>
      <PageHero title="How it works" subtitle="From an idea to a funded project in a few clear steps." />
      <Container size="lg" py={56}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={56}>
          <Stack>
            <Title order={2}>For creators</Title>
            <Timeline active={creatorSteps.length} bulletSize={36} lineWidth={2}>
              {creatorSteps.map((step) => (
                <Timeline.Item key={step.title} title={step.title} bullet={<step.icon size={18} />}>
                  <Text c="dimmed" size="sm">
                    {step.text}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </Stack>
          <Stack>
            <Title order={2}>For backers</Title>
            <Timeline active={backerSteps.length} bulletSize={36} lineWidth={2} color="cyan">
              {backerSteps.map((step) => (
                <Timeline.Item key={step.title} title={step.title} bullet={<step.icon size={18} />}>
                  <Text c="dimmed" size="sm">
                    {step.text}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
            <Group mt="lg">
              <ThemeIcon variant="light" size="lg">
                <IconCoin size={18} />
              </ThemeIcon>
              <Text size="sm" c="dimmed" maw={420}>
                All-or-nothing campaigns only charge backers’ pledges to the creator when the goal is reached;
                otherwise every backer is refunded.
              </Text>
            </Group>
          </Stack>
        </SimpleGrid>
        <Group justify="center" mt={56}>
          <Button component={Link} to="/projects/create" size="md">
            Start a Project
          </Button>
          <Button component={Link} to="/projects/explore" size="md" variant="default">
            Browse Projects
          </Button>
        </Group>
      </Container>
    </>
  );
}
