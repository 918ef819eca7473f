import { useQuery } from '@tanstack/react-query';
import type { SiteStats } from '@fundry/shared';
import { api } from '@/lib/api-client';

/** The About page's figures (`GET /stats`), counted by the server from the project rows. */
export function useSiteStats() {
  return useQuery({
    queryKey: ['site', 'stats'],
    queryFn: async ({ signal }) => (await api.get<{ data: SiteStats }>('stats', undefined, signal)).data,
    staleTime: 60_000,
  });
}
