import { Card, Skeleton } from '@mantine/core';
import { SimpleGrid, Stack } from '@/components/primitives/primitives';
import type { ReactNode } from 'react';
import {
  type InternalReferralSource,
  type ProjectCard as ProjectCardData,
  withReferral,
} from '@fundry/shared';
import { ProjectCard } from './ProjectCard';

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
        <Skeleton height={12} width="70%" />
        <Skeleton height={8} mt="xs" />
      </Stack>
    </Card>
  );
}

/** A grid of project cards, each leading to its project unless told; skeleton cards while the first page loads. */
export function ProjectGrid<T extends ProjectCardData>({
  projects,
  loading = false,
  skeletons = 6,
  actions,
  showStatus = true,
  statusBadge,
  source,
  href = (project) => (source ? withReferral(`/projects/${project.id}`, source) : `/projects/${project.id}`),
  headingOrder = 2,
}: {
  projects: T[] | undefined;
  loading?: boolean;
  skeletons?: number;
  actions?: (project: T) => ReactNode;
  showStatus?: boolean;
  /** A card's own status badge instead of the plain one, when it gives one. */
  statusBadge?: (project: T) => ReactNode;
  /** The list the cards are in, which their links name as the source of the visits (DESIGN.md §19). */
  source?: InternalReferralSource;
  /** Where a card's title leads: its project's page, unless this says otherwise (undefined: no link). */
  href?: (project: T) => string | undefined;
  /** The cards' title level: the list pages show them right under their h1. */
  headingOrder?: 2 | 3;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" verticalSpacing="lg" aria-busy={loading}>
      {loading && !projects
        ? Array.from({ length: skeletons }, (_, index) => <CardSkeleton key={index} />)
        : (projects ?? []).map((project, index) => (
            <ProjectCard
              key={project.id}
              first={index === 0}
              project={project}
              href={href(project)}
              showStatus={showStatus}
              statusBadge={statusBadge?.(project)}
              actions={actions?.(project)}
              headingOrder={headingOrder}
            />
          ))}
    </SimpleGrid>
  );
}
