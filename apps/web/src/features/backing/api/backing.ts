import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { type BackedProject, type Donation, PAGE_SIZES } from '@fundry/shared';
import { api } from '@/lib/api-client';
import { useStoredAccessToken } from '@/lib/session';

export type BackedTab = 'all' | 'active' | 'successful' | 'failed';

export interface BackedProjectsPage {
  data: BackedProject[];
  meta: {
    total: number;
    pages: number;
    page: number;
    per_page: number;
    total_amount: number | null;
    first_backed_at: string | null;
  };
}

/** How often, and how long, the success page asks again while the payment is still being confirmed. */
export const DONATION_POLL_MS = 1500;
export const DONATION_POLL_LIMIT = 20;

/** The signed-in person's backed projects, 20 a page (GET backers/me/backed-projects, status uppercased). */
export function useBackedProjects(tab: BackedTab, page: number) {
  const token = useStoredAccessToken();
  return useQuery({
    queryKey: ['projects', 'backed', tab, page, token],
    queryFn: ({ signal }) =>
      api.get<BackedProjectsPage>(
        'backers/me/backed-projects',
        {
          page,
          per_page: PAGE_SIZES.backedProjects,
          status: tab === 'all' ? undefined : tab.toUpperCase(),
        },
        signal,
      ),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

/** One of the caller's donations; asked again while it is PENDING (the payment is being confirmed). */
export function useDonation(id: number | null, { poll = false }: { poll?: boolean } = {}) {
  const token = useStoredAccessToken();
  return useQuery({
    queryKey: ['donations', id, token],
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Donation }>(`backers/donations/${id}`, undefined, signal)).data,
    enabled: id !== null && Boolean(token),
    retry: false,
    refetchInterval: (query) =>
      poll && query.state.data?.status === 'PENDING' && query.state.dataUpdateCount < DONATION_POLL_LIMIT
        ? DONATION_POLL_MS
        : false,
  });
}

/** Leaving the checkout releases the pending pledge and its reward (POST backers/donations/{id}/cancel). */
export function useCancelDonation() {
  return useMutation({
    mutationFn: (id: number) => api.post<{ message: string }>(`backers/donations/${id}/cancel`),
  });
}
