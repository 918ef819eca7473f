import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '@fundry/shared';
import { api } from './api-client';

/** The installation's public configuration (`GET /config`), fixed until the server restarts. */
export const siteConfigQuery = queryOptions({
  queryKey: ['site-config'],
  queryFn: async ({ signal }) => (await api.get<{ data: SiteConfig }>('config', undefined, signal)).data,
  staleTime: Infinity,
});

export function useSiteConfig() {
  return useQuery(siteConfigQuery);
}
