import { queryOptions, useQuery } from '@tanstack/react-query';
import { DISCOVERY_CARD_COUNT, type ProjectCard } from '@fundry/shared';
import { api } from '@/lib/api-client';

interface DiscoveryResponse {
  data: { featured: ProjectCard[]; trending: ProjectCard[] };
}

/** The home page's picks (GET projects/discovery): featured and trending, each at most 5. */
export const discoveryQuery = queryOptions({
  queryKey: ['projects', 'discovery'],
  queryFn: async ({ signal }) =>
    (await api.get<DiscoveryResponse>('projects/discovery', undefined, signal)).data,
  staleTime: 60_000,
});

export function useDiscovery() {
  return useQuery(discoveryQuery);
}

/** A slot of the Discover section: a project, or a Coming Soon placeholder. */
export type DiscoverSlot = { kind: 'project'; project: ProjectCard } | { kind: 'placeholder'; key: string };

/**
 * The five Discover cards (SPEC §2 Home): featured first, then trending without repeating a project, padded
 * with Coming Soon placeholders up to five.
 */
export function discoverSlots(
  featured: readonly ProjectCard[] = [],
  trending: readonly ProjectCard[] = [],
  count: number = DISCOVERY_CARD_COUNT,
): DiscoverSlot[] {
  const seen = new Set<number>();
  const slots: DiscoverSlot[] = [];
  for (const project of [...featured, ...trending]) {
    if (slots.length >= count) break;
    if (seen.has(project.id)) continue;
    seen.add(project.id);
    slots.push({ kind: 'project', project });
  }
  while (slots.length < count) slots.push({ kind: 'placeholder', key: `coming-soon-${slots.length}` });
  return slots;
}

interface UpcomingResponse {
  data: { projects: ProjectCard[] };
}

/** Home's Upcoming list (GET projects?status=upcoming): the next four to launch, soonest first. */
export function useUpcoming() {
  return useQuery({
    queryKey: ['projects', 'upcoming', 'home'],
    queryFn: async ({ signal }) =>
      (
        await api.get<UpcomingResponse>(
          'projects',
          { status: 'upcoming', per_page: 4, sort_by: 'start_date', sort_order: 'asc' },
          signal,
        )
      ).data.projects,
    staleTime: 60_000,
  });
}
