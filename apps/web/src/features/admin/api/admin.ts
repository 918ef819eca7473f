import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminSummary,
  AuditEntry,
  Project,
  QueueResponse,
  Report,
  ReportResolutionAction,
} from '@fundry/shared';
import { api } from '@/lib/api-client';
import { projectKeys } from '@/lib/projects';

export const adminKeys = {
  all: ['admin'] as const,
  summary: ['admin', 'summary'] as const,
  pending: (page: number) => ['admin', 'pending', page] as const,
  featured: (page: number) => ['admin', 'featured', page] as const,
  reports: (status: 'open' | 'resolved', page: number) => ['admin', 'reports', status, page] as const,
  audit: (filters: AuditFilters) => ['admin', 'audit', filters] as const,
};

interface ListMeta {
  total: number;
  pages: number;
  page: number;
  per_page: number;
}

export const QUEUE_PAGE_SIZE = 20;

export function useAdminSummary() {
  return useQuery({
    queryKey: adminKeys.summary,
    queryFn: ({ signal }) => api.get<{ data: AdminSummary }>('admin/summary', undefined, signal),
    select: (response) => response.data,
  });
}

export function usePendingQueue(page: number) {
  return useQuery({
    queryKey: adminKeys.pending(page),
    queryFn: ({ signal }) =>
      api.get<QueueResponse>('admin/queues/pending', { page, per_page: QUEUE_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useFeaturedRequests(page: number) {
  return useQuery({
    queryKey: adminKeys.featured(page),
    queryFn: ({ signal }) =>
      api.get<QueueResponse>('admin/queues/featured-requests', { page, per_page: QUEUE_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useReports(status: 'open' | 'resolved', page: number) {
  return useQuery({
    queryKey: adminKeys.reports(status, page),
    queryFn: ({ signal }) =>
      api.get<{ data: Report[]; meta: ListMeta }>(
        'admin/reports',
        { status, page, per_page: QUEUE_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export interface AuditFilters {
  page: number;
  action?: string;
  project_id?: number;
}

export function useAuditLog(filters: AuditFilters) {
  return useQuery({
    queryKey: adminKeys.audit(filters),
    queryFn: ({ signal }) =>
      api.get<{ data: AuditEntry[]; meta: ListMeta }>(
        'admin/audit-log',
        { page: filters.page, per_page: 25, action: filters.action, project_id: filters.project_id },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** Every admin action refreshes the queues, the audit log and the project pages it touched. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    void queryClient.invalidateQueries({ queryKey: projectKeys.all });
  };
}

export type ProjectDecision =
  | { action: 'activate'; projectId: number }
  | { action: 'reject'; projectId: number; reason: string }
  | { action: 'feature'; projectId: number };

export function useProjectDecision() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (decision: ProjectDecision) => {
      if (decision.action === 'reject') {
        return api.post<{ data: Project; message: string }>(`admin/projects/${decision.projectId}/reject`, {
          reason: decision.reason,
        });
      }
      if (decision.action === 'activate') {
        return api.post<{ data: Project; message: string }>(
          `admin/projects/${decision.projectId}/activate`,
          {},
        );
      }
      return api.post<{ data: Project; message: string }>(`projects/${decision.projectId}/feature`);
    },
    onSuccess: refresh,
  });
}

export function useResolveReport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: number; action: ReportResolutionAction; reason: string }) =>
      api.post<{ data: Report; message: string }>(`admin/reports/${id}/resolve`, { action, reason }),
    onSuccess: refresh,
  });
}
