import { Skeleton } from '@mantine/core';
import { Group, SimpleGrid, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DESCRIPTION_CUT } from '@fundry/shared';
import { ProjectCard } from '@/components/projects/ProjectCard';
import { useI18n } from '@/lib/i18n';
import { useUpcoming } from '../api/discovery';

/** Home's Upcoming list (DESIGN.md §19): live projects not started yet, each with its page's Notify me on launch. */
export function UpcomingSection() {
  const i18n = useI18n();
  const upcoming = useUpcoming();
  if (upcoming.isSuccess && upcoming.data.length === 0) return null;
  return (
    <section aria-labelledby="upcoming-heading">
      <Group justify="space-between" align="flex-end" mb="lg">
        <div>
          <Title id="upcoming-heading" order={2}>
            {i18n.t('home.upcoming.title')}
          </Title>
          <Text c="dimmed">{i18n.t('home.upcoming.intro')}</Text>
        </div>
        <Button
          component={Link}
          to="/projects/explore?status=upcoming"
          variant="light"
          rightSection={<IconArrowRight size={16} className="mirror-in-rtl" />}
        >
          {i18n.t('home.upcoming.viewAll')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md" verticalSpacing="lg">
        {upcoming.data
          ? upcoming.data.map((project) => (
              <ProjectCard
                key={project.id}
                project={project}
                href={`/projects/${project.id}`}
                descriptionLength={DESCRIPTION_CUT.discovery}
              />
            ))
          : Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} height={360} radius="lg" aria-hidden />
            ))}
      </SimpleGrid>
    </section>
  );
}
