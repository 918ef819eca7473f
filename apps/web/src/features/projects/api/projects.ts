import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CollaboratorPermission } from '@fundry/shared';
import { api } from '@/lib/api-client';
import { projectKeys, type ProjectResponse } from '@/lib/projects';
import { useStoredAccessToken } from '@/lib/session';

interface RolesResponse {
  data: { roles: string[]; isCreator: boolean; my_permissions: CollaboratorPermission[] };
}

/** A route's id, or null when it is not a positive whole number (such a project cannot exist). */
export function parseProjectId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * One project as the caller may see it (GET projects/{id}); a private project is a 404 to others. The key
 * carries the token: what a person may see depends on who they are.
 */
export function useProject(id: number | null) {
  const token = useStoredAccessToken();
  return useQuery({ ...projectQuery(id ?? 0, token), enabled: id !== null });
}

/** What `useProject` reads, for the server to read it before its render (apps/web/src/entry-server.tsx). */
export const projectQuery = (id: number, token: string | null) =>
  queryOptions({
    queryKey: [...projectKeys.detail(id), token],
    queryFn: async ({ signal }) => (await api.get<ProjectResponse>(`projects/${id}`, undefined, signal)).data,
  });

/** The edit form's data (GET projects/drafts/{id}): the creator's, or an admin's, only. */
export function useProjectForEditing(id: number | null) {
  const token = useStoredAccessToken();
  return useQuery({
    queryKey: [...projectKeys.edit(id ?? 0), token],
    queryFn: async ({ signal }) =>
      (await api.get<ProjectResponse>(`projects/drafts/${id}`, undefined, signal)).data,
    enabled: id !== null,
    // The form is filled once; a refetch in the background must not reset what the person typed.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** The caller's roles on a project (creator, admin); asked only of signed-in people. */
export function useProjectRoles(id: number | null) {
  const token = useStoredAccessToken();
  return useQuery({
    queryKey: [...projectKeys.roles(id ?? 0), token],
    queryFn: async ({ signal }) =>
      (await api.get<RolesResponse>(`projects/${id}/roles`, undefined, signal)).data,
    enabled: id !== null && Boolean(token),
    retry: false,
  });
}
