import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ReportKind = 'project' | 'comment';

/** Reports a project or a comment to the administrators with a reason (POST projects|comments/{id}/report). */
export function useReport(kind: ReportKind, id: number) {
  return useMutation({
    mutationFn: (reason: string) =>
      api.post<{ message: string }>(`${kind === 'project' ? 'projects' : 'comments'}/${id}/report`, {
        reason,
      }),
  });
}
