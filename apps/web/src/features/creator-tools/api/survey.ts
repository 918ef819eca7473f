import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddOn, Survey, SurveyRequest } from '@fundry/shared';
import { api } from '@/lib/api-client';
import { toolKeys } from './tools';

const surveyKey = (projectId: number) => [...toolKeys.all(projectId), 'survey'] as const;

/** The project's backer survey as its creator sees it (GET projects/{id}/survey, DESIGN.md §17). */
export function useSurvey(projectId: number) {
  return useQuery({
    queryKey: surveyKey(projectId),
    queryFn: ({ signal }) => api.get<{ data: Survey }>(`projects/${projectId}/survey`, undefined, signal),
    select: (response) => response.data,
  });
}

/** The project's add-ons, for questions asked of their buyers. */
export function useSurveyAddOns(projectId: number) {
  return useQuery({
    queryKey: [...toolKeys.all(projectId), 'add-ons'],
    queryFn: ({ signal }) => api.get<{ data: AddOn[] }>(`projects/${projectId}/add-ons`, undefined, signal),
    select: (response) => response.data,
  });
}

export function useSurveyActions(projectId: number) {
  const queryClient = useQueryClient();
  const done = (response: { data: Survey; message?: string }) => {
    queryClient.setQueryData(surveyKey(projectId), { data: response.data });
    void queryClient.invalidateQueries({ queryKey: toolKeys.all(projectId) });
    return response;
  };
  return {
    save: useMutation({
      mutationFn: (body: SurveyRequest) =>
        api.put<{ data: Survey; message?: string }>(`projects/${projectId}/survey`, body),
      onSuccess: done,
    }),
    send: useMutation({
      mutationFn: () => api.post<{ data: Survey; message?: string }>(`projects/${projectId}/survey/send`),
      onSuccess: done,
    }),
    lock: useMutation({
      mutationFn: () => api.post<{ data: Survey; message?: string }>(`projects/${projectId}/survey/lock`),
      onSuccess: done,
    }),
  };
}
