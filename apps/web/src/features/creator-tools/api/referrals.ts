import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReferralsReport, ReferralTag } from '@fundry/shared';
import { api } from '@/lib/api-client';
import { downloadCsv } from './tools';

/** Where backers come from (DESIGN.md §19): the report, the creator's tags and the CSV. */
export const referralKeys = {
  all: (projectId: number) => ['creator-tools', projectId, 'referrals'] as const,
  report: (projectId: number) => ['creator-tools', projectId, 'referrals', 'report'] as const,
  tags: (projectId: number) => ['creator-tools', projectId, 'referrals', 'tags'] as const,
};

export function useReferrals(projectId: number) {
  return useQuery({
    queryKey: referralKeys.report(projectId),
    queryFn: ({ signal }) =>
      api.get<{ data: ReferralsReport }>(`projects/${projectId}/referrals`, undefined, signal),
    select: (response) => response.data,
  });
}

export function useReferralTags(projectId: number) {
  return useQuery({
    queryKey: referralKeys.tags(projectId),
    queryFn: ({ signal }) =>
      api.get<{ data: ReferralTag[] }>(`projects/${projectId}/referral-tags`, undefined, signal),
    select: (response) => response.data,
  });
}

export function useCreateReferralTag(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api.post<{ data: ReferralTag; message?: string }>(`projects/${projectId}/referral-tags`, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralKeys.all(projectId) }),
  });
}

export function downloadReferralsCsv(projectId: number) {
  return downloadCsv(`projects/${projectId}/referrals.csv`, {}, `fundry-project-${projectId}-referrals.csv`);
}
