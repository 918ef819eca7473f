import { useMutation } from '@tanstack/react-query';
import type { ReportRequest } from '@fundry/shared';
import { api } from '@/lib/api-client';

/** What can be reported from a page: a project, a comment or a person (a message thread reports from its page). */
export type ReportKind = 'project' | 'comment' | 'user';

const PATH: Record<ReportKind, string> = { project: 'projects', comment: 'comments', user: 'users' };

/** Reports a thing to the administrators with a reason and a category (POST projects|comments|users/{id}/report). */
export function useReport(kind: ReportKind, id: number) {
  return useMutation({
    mutationFn: (report: ReportRequest) =>
      api.post<{ message: string }>(`${PATH[kind]}/${id}/report`, report),
  });
}
