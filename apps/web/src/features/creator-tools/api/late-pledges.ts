import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LatePledgesRequest, LatePledgesState } from '@fundry/shared';
import { api } from '@/lib/api-client';
import { projectKeys } from '@/lib/projects';

/** `PUT projects/{id}/late-pledges` (DESIGN.md §16): the creator opens or closes late pledges. */
export function useSetLatePledges(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LatePledgesRequest) =>
      api.put<{ data: LatePledgesState; message: string }>(`projects/${projectId}/late-pledges`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
  });
}
