import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddOnChargeStatus, BackerSurvey, BackerSurveyRequest } from '@fundry/shared';
import { api } from '@/lib/api-client';

const key = (donationId: number) => ['backer-survey', donationId] as const;

export interface BackerSurveyAnswer {
  data: BackerSurvey;
  /** Pending: the provider did not answer; the payment is being confirmed and the backer will be notified. */
  add_on_charge?: { status: AddOnChargeStatus; amount: number; currency: string } | null;
  message?: string;
}

/** The survey of the signed-in backer's pledge (GET backers/donations/{id}/survey, DESIGN.md §17). */
export function useBackerSurvey(donationId: number) {
  return useQuery({
    queryKey: key(donationId),
    queryFn: ({ signal }) =>
      api.get<BackerSurveyAnswer>(`backers/donations/${donationId}/survey`, undefined, signal),
    select: (response) => response.data,
    retry: false,
  });
}

export function useAnswerSurvey(donationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BackerSurveyRequest) =>
      api.put<BackerSurveyAnswer>(`backers/donations/${donationId}/survey`, body),
    onSuccess: (response) => {
      queryClient.setQueryData(key(donationId), { data: response.data });
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
  });
}
