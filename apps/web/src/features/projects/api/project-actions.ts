import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CampaignRefundStatus, Project, SuspensionReason } from '@fundry/shared';
import { api } from '@/lib/api-client';
import { projectKeys, type ProjectResponse } from '@/lib/projects';
import { useStoredAccessToken } from '@/lib/session';
import { uploadWithProgress } from '@/lib/upload';

// What changes a project, apart from its reads (./projects): a page that only shows one loads none of this.

export type SaveTarget = { kind: 'create' } | { kind: 'draft' } | { kind: 'update'; id: number };

/** Sends the multipart project form with upload progress: create, save a new draft, or update. */
export function useSaveProject(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, body }: { target: SaveTarget; body: FormData }) => {
      switch (target.kind) {
        case 'create':
          return uploadWithProgress<ProjectResponse>('projects', { method: 'POST', body, onProgress });
        case 'draft':
          return uploadWithProgress<ProjectResponse>('projects/drafts', {
            method: 'POST',
            body,
            onProgress,
          });
        case 'update':
          return uploadWithProgress<ProjectResponse>(`projects/${target.id}`, {
            method: 'PUT',
            body,
            onProgress,
          });
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

export type AdminAction = 'activate' | 'revoke' | 'feature' | 'unfeature';

/** Admin moderation: activate, revoke (with an optional reason) and feature/unfeature (a toggle). */
export function useAdminAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: AdminAction; reason?: string }) => {
      const path = action === 'unfeature' ? 'feature' : action;
      const body = action === 'revoke' && reason?.trim() ? { reason: reason.trim() } : undefined;
      return api.post<{ data: Project; message?: string }>(`projects/${id}/${path}`, body);
    },
    onSuccess: (response) => {
      queryClient.setQueriesData<Project>({ queryKey: projectKeys.detail(id) }, response.data);
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}

/** What ending a campaign answers (DESIGN.md §18): the project, now a tombstone, and the server's words for it. */
interface EndedResponse {
  data: Project;
  message?: string;
}

/** Every copy of the project, and every list that held it, learn that the campaign ended. */
function useProjectEnded(id: number) {
  const queryClient = useQueryClient();
  return (response: EndedResponse) => {
    queryClient.setQueriesData<Project>({ queryKey: projectKeys.detail(id) }, response.data);
    void queryClient.invalidateQueries({ queryKey: projectKeys.all });
  };
}

/** The creator cancels their live campaign, with a message to its backers (POST projects/{id}/cancel). */
export function useCancelProject(id: number) {
  const ended = useProjectEnded(id);
  return useMutation({
    mutationFn: (message: string) =>
      api.post<EndedResponse>(`projects/${id}/cancel`, { message: message.trim() }),
    onSuccess: ended,
  });
}

/** An admin suspends a project for a breach of the rules (POST admin/projects/{id}/suspend). */
export function useSuspendProject(id: number) {
  const ended = useProjectEnded(id);
  return useMutation({
    mutationFn: ({ reason, message }: { reason: SuspensionReason; message: string }) =>
      api.post<EndedResponse>(`admin/projects/${id}/suspend`, { reason, message: message.trim() }),
    onSuccess: ended,
  });
}

/** How often an admin's refund panel asks again while refunds are still under way. */
export const REFUNDS_POLL_MS = 5000;

/**
 * Where the money of a campaign ended early stands, for admins (GET admin/projects/{id}/refunds): asked again
 * every few seconds while pledges are still to be refunded.
 */
export function useCampaignRefunds(id: number, enabled: boolean) {
  const token = useStoredAccessToken();
  return useQuery({
    queryKey: [...projectKeys.refunds(id), token],
    queryFn: async ({ signal }) =>
      (await api.get<{ data: CampaignRefundStatus }>(`admin/projects/${id}/refunds`, undefined, signal)).data,
    enabled: enabled && Boolean(token),
    retry: false,
    refetchInterval: (query) => ((query.state.data?.to_refund ?? 0) > 0 ? REFUNDS_POLL_MS : false),
  });
}

/** The creator launches an upcoming campaign now (POST projects/{id}/launch, DESIGN.md §19). */
export function useLaunchProject(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ data: Project; message?: string }>(`projects/${id}/launch`),
    onSuccess: (response) => {
      queryClient.setQueriesData<Project>({ queryKey: projectKeys.detail(id) }, response.data);
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}
