import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Project, ProjectList, StatusFilter } from '@fundry/shared';
import { api } from './api-client';
import { useStoredAccessToken } from './session';

/**
 * Query keys of everything about projects. Every key starts with 'projects', so one invalidation after a
 * create, an edit or a moderation action refreshes the lists and pages of every feature.
 */
export const projectKeys = {
  all: ['projects'] as const,
  mine: (query: MyProjectsQuery) => ['projects', 'mine', query] as const,
  detail: (id: number) => ['projects', 'detail', id] as const,
  edit: (id: number) => ['projects', 'edit', id] as const,
  roles: (id: number) => ['projects', 'roles', id] as const,
  refunds: (id: number) => ['projects', 'refunds', id] as const,
};

export interface MyProjectsQuery {
  status?: StatusFilter;
  page?: number;
  perPage?: number;
}

interface ProjectListResponse {
  data: ProjectList;
}

export interface ProjectResponse {
  data: Project;
  message?: string;
}

/** The signed-in person's own projects, newest first (GET projects/?my_projects=true). */
export function useMyProjects(query: MyProjectsQuery) {
  const token = useStoredAccessToken();
  return useQuery({
    queryKey: projectKeys.mine(query),
    queryFn: async ({ signal }) =>
      (
        await api.get<ProjectListResponse>(
          'projects/',
          {
            my_projects: true,
            status: query.status,
            page: query.page ?? 1,
            per_page: query.perPage,
            sort_by: 'created_at',
            sort_order: 'desc',
          },
          signal,
        )
      ).data,
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}
