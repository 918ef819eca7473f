import { Skeleton } from '@mantine/core';
import { SimpleGrid } from '@/components/primitives/primitives';
import { DESCRIPTION_CUT, withReferral } from '@fundry/shared';
import { ProjectCard } from '@/components/projects/ProjectCard';
import { useI18n } from '@/lib/i18n';
import { useUpcoming } from '../api/discovery';
import { HomeSectionHeading } from './HomeSectionHeading';

/** Home's Upcoming list (DESIGN.md §19): live projects not started yet, each with its page's Notify me on launch. */
export function UpcomingSection() {
  const i18n = useI18n();
  const upcoming = useUpcoming();
  if (upcoming.isSuccess && upcoming.data.length === 0) return null;
  return (
    <section aria-labelledby="upcoming-heading">
      <HomeSectionHeading
        id="upcoming-heading"
        title={i18n.t('home.upcoming.title')}
        intro={i18n.t('home.upcoming.intro')}
        viewAll={i18n.t('home.upcoming.viewAll')}
        to="/projects/explore?status=upcoming"
      />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md" verticalSpacing="lg">
        {upcoming.data
          ? upcoming.data.map((project) => (
              <ProjectCard
                key={project.id}
                project={project}
                href={withReferral(`/projects/${project.id}`, 'home')}
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
