import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Collaborator,
  CollaboratorPermission,
  CollaboratorsResponse,
  CollaborationsResponse,
} from '@fundry/shared';
import { api } from '@/lib/api-client';
import { useStoredAccessToken } from '@/lib/session';

/** A project's team (DESIGN.md §19): its creator's list, and one's own invitations and projects. */
export const teamKeys = {
  team: (projectId: number) => ['collaborators', projectId] as const,
  mine: ['collaborations'] as const,
};

export function useTeam(projectId: number) {
  return useQuery({
    queryKey: teamKeys.team(projectId),
    queryFn: ({ signal }) =>
      api.get<CollaboratorsResponse>(`projects/${projectId}/collaborators`, undefined, signal),
  });
}

type Saved = { data: Collaborator; message: string };

/** The creator's calls on the team; each reads the team again. */
export function useTeamActions(
  projectId: number,
  said?: { onSuccess: (message: string) => void; onError: (error: Error) => void },
) {
  const queryClient = useQueryClient();
  // Not awaited: a removed row unmounts once the team is read again, and the caller's toast must still show.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: teamKeys.team(projectId) });
  const base = `projects/${projectId}/collaborators`;
  return {
    invite: useMutation({
      mutationFn: (body: { email: string; permissions: CollaboratorPermission[] }) =>
        api.post<Saved>(base, body),
      onSuccess: refresh,
    }),
    change: useMutation({
      mutationFn: ({ userId, permissions }: { userId: number; permissions: CollaboratorPermission[] }) =>
        api.put<Saved>(`${base}/${userId}`, { permissions }),
      onSuccess: refresh,
    }),
    /**
     * Removes a member or withdraws an invitation, by the invitation's id (an address may have no account); `said`
     * is told here, as the removed row unmounts.
     */
    remove: useMutation({
      mutationFn: (invitationId: number) =>
        api.delete<{ message: string }>(`${base}/invitations/${invitationId}`),
      onSuccess: (answer) => {
        said?.onSuccess(answer.message);
        refresh();
      },
      onError: (error) => said?.onError(error),
    }),
  };
}

/** My invitations and the projects I help with (signed-in only). */
export function useCollaborations() {
  const token = useStoredAccessToken();
  return useQuery({
    queryKey: [...teamKeys.mine, token],
    queryFn: ({ signal }) => api.get<CollaborationsResponse>('users/me/collaborations', undefined, signal),
    enabled: Boolean(token),
  });
}

/**
 * Accept or decline; `said` tells the person how it went. It is the mutation's own callback, not the call's: the
 * answered row moves to another list and unmounts before a call's callback would run.
 */
export function useAnswerInvitation(said: {
  onSuccess: (message: string) => void;
  onError: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    onError: said.onError,
    mutationFn: ({ projectId, accept }: { projectId: number; accept: boolean }) =>
      api.post<{ message: string }>(
        `projects/${projectId}/collaborators/${accept ? 'accept' : 'decline'}`,
        {},
      ),
    onSuccess: (answer) => {
      said.onSuccess(answer.message);
      void queryClient.invalidateQueries({ queryKey: teamKeys.mine });
    },
  });
}
