import { currentTranslator } from '@/lib/i18n';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BackersResponse,
  DailyStats,
  DonationStatusName,
  FulfilmentFilter,
  SurveyFilter,
} from '@fundry/shared';
import { api, buildUrl, refreshSession, toApiError } from '@/lib/api-client';
import { authStorage } from '@/lib/auth-storage';
import { projectKeys } from '@/lib/projects';

export interface BackerFilters {
  status?: DonationStatusName;
  reward_id?: number;
  /** Pledges holding this add-on. */
  add_on_id?: number;
  fulfilment?: FulfilmentFilter;
  survey?: SurveyFilter;
}

export const toolKeys = {
  all: (projectId: number) => ['creator-tools', projectId] as const,
  backers: (projectId: number, filters: BackerFilters, page: number) =>
    ['creator-tools', projectId, 'backers', filters, page] as const,
  stats: (projectId: number) => ['creator-tools', projectId, 'stats'] as const,
};

export const BACKERS_PAGE_SIZE = 20;

export function useBackers(projectId: number, filters: BackerFilters, page: number) {
  return useQuery({
    queryKey: toolKeys.backers(projectId, filters, page),
    queryFn: ({ signal }) =>
      api.get<BackersResponse>(
        `projects/${projectId}/backers`,
        { ...filters, page, per_page: BACKERS_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useDailyStats(projectId: number | null) {
  return useQuery({
    queryKey: toolKeys.stats(projectId ?? 0),
    queryFn: ({ signal }) =>
      api.get<{ data: DailyStats }>(`projects/${projectId}/stats/daily`, undefined, signal),
    select: (response) => response.data,
    enabled: projectId !== null,
  });
}

function useRefresh(projectId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: toolKeys.all(projectId) });
    void queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
  };
}

/** Marks the rewards of one or several collected pledges sent, with the parcel's tracking link if given. */
export function useMarkSent(projectId: number) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationFn: ({ donationIds, trackingUrl }: { donationIds: number[]; trackingUrl?: string }) => {
      const tracking = trackingUrl ? { tracking_url: trackingUrl } : {};
      return donationIds.length === 1
        ? api.post<{ message: string }>(`backers/donations/${donationIds[0]}/fulfilment`, {
            status: 'sent',
            ...tracking,
          })
        : api.post<{ message: string }>(`projects/${projectId}/backers/fulfilment`, {
            status: 'sent',
            ...tracking,
            donation_ids: donationIds,
          });
    },
    onSuccess: refresh,
  });
}

export function useRefund(projectId: number) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationFn: (donationId: number) =>
      api.post<{ message: string }>(`backers/donations/${donationId}/refund`),
    onSuccess: refresh,
  });
}

/** Downloads the backers CSV with the session's token (a plain link could not send it). */
export function downloadBackersCsv(projectId: number, filters: BackerFilters) {
  return downloadCsv(
    `projects/${projectId}/backers.csv`,
    { ...filters },
    `fundry-project-${projectId}-backers.csv`,
  );
}

/** Downloads one of the creator tools' CSV files with the session's token, under the name the server gives. */
export async function downloadCsv(
  path: string,
  params: Record<string, string | number | undefined>,
  fallback: string,
) {
  const url = buildUrl(path, params);
  const fetchOnce = () =>
    fetch(url, {
      headers: {
        Authorization: `Bearer ${authStorage.getAccessToken() ?? ''}`,
        // The columns and words in the page's language, as every other call.
        'Accept-Language': currentTranslator().locale,
      },
    });
  let response = await fetchOnce();
  if (response.status === 401 && (await refreshSession())) response = await fetchOnce();
  if (!response.ok) throw await toApiError(response);
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
