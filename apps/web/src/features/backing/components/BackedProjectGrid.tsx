import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { BackedProject } from '@fundry/shared';
import { ProjectCard } from '@/components/projects/ProjectCard';

function CardSkeleton() {
  return (
    <Card withBorder radius="lg" padding="md" aria-hidden>
      <Card.Section>
        <Skeleton height={168} radius={0} />
      </Card.Section>
      <Stack gap="sm" mt="md">
        <Skeleton height={12} width="40%" />
        <Skeleton height={18} width="85%" />
        <Skeleton height={12} />
        <Skeleton height={8} mt="xs" />
      </Stack>
    </Card>
  );
}

/** Backed projects as cards, each with the person's own contribution underneath (`actions`). */
export function BackedProjectGrid({
  projects,
  loading,
  actions,
}: {
  projects: BackedProject[] | undefined;
  loading: boolean;
  actions: (project: BackedProject) => ReactNode;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" aria-busy={loading}>
      {loading && !projects
        ? Array.from({ length: 3 }, (_, index) => <CardSkeleton key={index} />)
        : (projects ?? []).map((project) => (
            <ProjectCard
              key={project.id}
              project={project}
              href={`/projects/${project.id}`}
              actions={actions(project)}
            />
          ))}
    </SimpleGrid>
  );
}
