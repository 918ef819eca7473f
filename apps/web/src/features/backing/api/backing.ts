import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BackedProjectsPage,
  type Donation,
  PAGE_SIZES,
  type ShippingAddress,
  type UpdatePledgeRequest,
} from '@fundry/shared';
import { api } from '@/lib/api-client';
import { keptReferral } from '@/lib/referrals';
import { useStoredAccessToken } from '@/lib/session';

export type BackedTab = 'all' | 'active' | 'successful' | 'failed';

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

/**
 * One of the caller's donations; asked again while it is PENDING (the payment is being confirmed), up to
 * DONATION_POLL_LIMIT times: `pollingStopped` then says that it is still PENDING and no longer asked about.
 */
export function useDonation(id: number | null, { poll = false }: { poll?: boolean } = {}) {
  const token = useStoredAccessToken();
  const queryClient = useQueryClient();
  const queryKey = ['donations', id, token];
  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Donation }>(`backers/donations/${id}`, undefined, signal)).data,
    enabled: id !== null && Boolean(token),
    retry: false,
    refetchInterval: (query) =>
      poll && query.state.data?.status === 'PENDING' && query.state.dataUpdateCount < DONATION_POLL_LIMIT
        ? DONATION_POLL_MS
        : false,
  });
  // Reading dataUpdatedAt renders again on every answer, so the count below stays current.
  const updates = query.dataUpdatedAt > 0 ? (queryClient.getQueryState(queryKey)?.dataUpdateCount ?? 0) : 0;
  return Object.assign(query, {
    pollingStopped: poll && query.data?.status === 'PENDING' && updates >= DONATION_POLL_LIMIT,
  });
}

/** The signed-in backer's live pledge to a project (or open checkout), null when there is none. */
export function useMyPledge(projectId: number, enabled: boolean) {
  const token = useStoredAccessToken();
  return useQuery({
    queryKey: ['projects', 'my-pledge', projectId, token],
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Donation | null }>(`backers/projects/${projectId}/my-pledge`, undefined, signal))
        .data,
    enabled: enabled && Boolean(token),
  });
}

interface PledgeResponse {
  data: { checkout_url: string; donation_id: number };
}

/** The pledge (POST backers/projects/{id}/back): reserves the reward and answers with the checkout address. */
export function useBackProject(projectId: number) {
  return useMutation({
    mutationFn: ({
      amount,
      currency,
      rewardId,
      shippingAddress,
      addOns,
      payOverTime,
    }: {
      amount: number;
      /** The project's, as the backer saw it: the server refuses the pledge if the project's has changed since. */
      currency: string;
      rewardId: number | null;
      shippingAddress: ShippingAddress | null;
      addOns: { add_on_id: number; quantity: number }[];
      /** Pay in instalments (DESIGN.md §20): the plan is the server's. */
      payOverTime: boolean;
    }) =>
      api.post<PledgeResponse>(`backers/projects/${projectId}/back`, {
        amount,
        currency,
        ...(rewardId === null ? {} : { reward_id: rewardId }),
        ...(addOns.length > 0 ? { add_ons: addOns } : {}),
        ...(shippingAddress ? { shipping_address: shippingAddress } : {}),
        ...(payOverTime ? { pay_over_time: true } : {}),
        // Where the backer came from (DESIGN.md §19), as this browser kept it.
        ...(keptReferral(projectId) ? { ref: keptReferral(projectId) } : {}),
      }),
  });
}

/** A pledge change moves the project's figures, the pledge and the backed lists: all live under these keys. */
function useRefreshPledges() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['projects'] }),
      queryClient.invalidateQueries({ queryKey: ['donations'] }),
    ]);
}

/** Manage pledge: a new amount, reward and address (PUT backers/donations/{id}). */
export function useUpdatePledge(id: number) {
  const refresh = useRefreshPledges();
  return useMutation({
    mutationFn: (body: UpdatePledgeRequest) =>
      api.put<{ data: Donation; message: string }>(`backers/donations/${id}`, body),
    onSuccess: refresh,
  });
}

/** Cancels an open checkout or an all-or-nothing pledge (POST backers/donations/{id}/cancel). */
export function useCancelDonation() {
  const refresh = useRefreshPledges();
  return useMutation({
    mutationFn: (id: number) => api.post<{ message: string }>(`backers/donations/${id}/cancel`),
    onSuccess: refresh,
  });
}

/** A checkout that saves another card, or pays a declined pledge; the browser goes there. */
export function useChangePaymentMethod(id: number) {
  return useMutation({
    mutationFn: () => api.post<{ data: { checkout_url: string } }>(`backers/donations/${id}/payment-method`),
    onSuccess: (response) => window.location.assign(response.data.checkout_url),
  });
}

/** The backer confirms their reward arrived (POST backers/donations/{id}/received). */
export function useConfirmReceived() {
  const refresh = useRefreshPledges();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<{ data: Donation; message: string }>(`backers/donations/${id}/received`),
    onSuccess: refresh,
  });
}
