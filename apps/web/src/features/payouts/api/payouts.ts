import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BankAccountStatus,
  PAGE_SIZES,
  type Payout,
  PAYOUT_MESSAGES,
  type PayoutEligibility,
} from '@fundry/shared';
import { api, ApiError } from '@/lib/api-client';
import { currentTranslator } from '@/lib/i18n';
import { useStoredAccessToken } from '@/lib/session';

/** Query keys of payouts: every one starts with 'payouts', and carries the token (the data is the caller's). */
export const payoutKeys = {
  all: ['payouts'] as const,
  bankStatus: ['payouts', 'bank-status'] as const,
  eligibility: (projectId: number) => ['payouts', 'eligibility', projectId] as const,
  history: (projectId: number) => ['payouts', 'history', projectId] as const,
};

export interface PayoutHistoryPage {
  payouts: Payout[];
  total: number;
  pages: number;
  page: number;
  per_page: number;
}

/** GET bank-accounts/bank-account-status: not connected, connected but incomplete, or payouts enabled. */
export function useBankAccountStatus(enabled = true) {
  const token = useStoredAccessToken();
  return useQuery({
    queryKey: [...payoutKeys.bankStatus, token],
    queryFn: async ({ signal }) =>
      (await api.get<{ data: BankAccountStatus }>('bank-accounts/bank-account-status', undefined, signal))
        .data,
    enabled: enabled && Boolean(token),
  });
}

/** GET payouts/projects/{id}/payout/eligibility (the project's creator only). */
export function usePayoutEligibility(projectId: number) {
  const token = useStoredAccessToken();
  return useQuery({
    queryKey: [...payoutKeys.eligibility(projectId), token],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: PayoutEligibility }>(
          `payouts/projects/${projectId}/payout/eligibility`,
          undefined,
          signal,
        )
      ).data,
    enabled: Boolean(token),
  });
}

/** GET payouts/projects/{id}/payouts, newest first, 10 a page (SPEC §9); Load More asks for the next page. */
export function usePayoutHistory(projectId: number, enabled = true) {
  const token = useStoredAccessToken();
  return useInfiniteQuery({
    queryKey: [...payoutKeys.history(projectId), token],
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.get<{ data: PayoutHistoryPage }>(
          `payouts/projects/${projectId}/payouts`,
          { page: pageParam, per_page: PAGE_SIZES.payoutHistory },
          signal,
        )
      ).data,
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.payouts.length > 0 && last.page < last.pages ? last.page + 1 : undefined,
    enabled: enabled && Boolean(token),
  });
}

/** POST payouts/projects/{id}/payouts {amount?}; afterwards the project's eligibility and history are re-read. */
export function useRequestPayout(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: number | undefined) =>
      api.post<{ data: Payout; message: string }>(
        `payouts/projects/${projectId}/payouts`,
        amount === undefined ? {} : { amount },
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: payoutKeys.eligibility(projectId) }),
        queryClient.invalidateQueries({ queryKey: payoutKeys.history(projectId) }),
      ]),
  });
}

/**
 * POST bank-accounts/connect-bank-account, then the browser goes to the provider's onboarding page. Rejects
 * with the SPEC's message, in the page's language: no link in the answer, or the call failed.
 */
export function useConnectBankAccount() {
  return useMutation({
    mutationFn: async () => {
      let url: string | undefined;
      try {
        url = (await api.post<{ data?: { url?: string } }>('bank-accounts/connect-bank-account')).data?.url;
      } catch {
        throw new Error(currentTranslator().t('payouts.bank.connectFailed'));
      }
      if (!url) throw new Error(currentTranslator().t('payouts.bank.linkFailed'));
      window.location.assign(url);
    },
  });
}

/**
 * True when a payout failed because the payment provider's balance was too low: a 422 with its message, which
 * the API writes in the page's language.
 */
export function isInsufficientFunds(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.message === currentTranslator().t(PAYOUT_MESSAGES.insufficientFunds) ||
      /insufficient/i.test(error.message))
  );
}
