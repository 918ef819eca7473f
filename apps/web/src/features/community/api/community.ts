import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CommentList,
  CommentReply,
  CommentRequest,
  Faq,
  FaqRequest,
  UpdateList,
  UpdateRequest,
  UpdateView,
} from '@fundry/shared';
import { api } from '@/lib/api-client';
import { useStoredAccessToken } from '@/lib/session';

export const UPDATES_PER_PAGE = 10;
export const COMMENTS_PER_PAGE = 10;

/** Query keys: everything of a project's community starts with its id, so one invalidation refreshes it. */
export const communityKeys = {
  all: (projectId: number) => ['community', projectId] as const,
  updates: (projectId: number, page: number) => ['community', projectId, 'updates', page] as const,
  update: (projectId: number, updateId: number) => ['community', projectId, 'update', updateId] as const,
  comments: (projectId: number, updateId: number | null, page: number) =>
    ['community', projectId, 'comments', updateId ?? 'project', page] as const,
  faqs: (projectId: number) => ['community', projectId, 'faqs'] as const,
};

/** A discussion: a project's comments, or an update's. */
export interface CommentTarget {
  projectId: number;
  updateId: number | null;
  /** The project's language, which its comments are marked with (DESIGN.md §14). */
  lang?: string | undefined;
}

const commentsPath = ({ projectId, updateId }: CommentTarget) =>
  updateId === null ? `projects/${projectId}/comments` : `projects/${projectId}/updates/${updateId}/comments`;

/** What a person may read depends on who they are: every key carries the token. */
export function useUpdates(projectId: number, page: number) {
  const token = useStoredAccessToken();
  return useQuery({
    queryKey: [...communityKeys.updates(projectId, page), token],
    queryFn: ({ signal }) =>
      api.get<UpdateList>(`projects/${projectId}/updates`, { page, per_page: UPDATES_PER_PAGE }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUpdate(projectId: number | null, updateId: number | null) {
  const token = useStoredAccessToken();
  return useQuery({
    queryKey: [...communityKeys.update(projectId ?? 0, updateId ?? 0), token],
    queryFn: async ({ signal }) =>
      (await api.get<{ data: UpdateView }>(`projects/${projectId}/updates/${updateId}`, undefined, signal))
        .data,
    enabled: projectId !== null && updateId !== null,
  });
}

export function useSaveUpdate(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ updateId, body }: { updateId: number | null; body: UpdateRequest }) =>
      updateId === null
        ? api.post<{ data: UpdateView; message?: string }>(`projects/${projectId}/updates`, body)
        : api.put<{ data: UpdateView; message?: string }>(`projects/${projectId}/updates/${updateId}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.all(projectId) }),
  });
}

export function useDeleteUpdate(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (updateId: number) =>
      api.delete<{ message: string }>(`projects/${projectId}/updates/${updateId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.all(projectId) }),
  });
}

export function useComments(target: CommentTarget, page: number, enabled = true) {
  const token = useStoredAccessToken();
  return useQuery({
    queryKey: [...communityKeys.comments(target.projectId, target.updateId, page), token],
    queryFn: ({ signal }) =>
      api.get<CommentList>(commentsPath(target), { page, per_page: COMMENTS_PER_PAGE }, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Post, edit or remove a comment; the discussion (and an update's count) are read again afterwards. */
export function useCommentActions(target: CommentTarget) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: communityKeys.all(target.projectId) });
  return {
    post: useMutation({
      mutationFn: (body: CommentRequest) =>
        api.post<{ data: CommentReply; message?: string }>(commentsPath(target), body),
      onSuccess: refresh,
    }),
    edit: useMutation({
      mutationFn: ({ id, body }: { id: number; body: string }) =>
        api.put<{ data: CommentReply; message?: string }>(`comments/${id}`, { body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.delete<{ message: string }>(`comments/${id}`),
      onSuccess: refresh,
    }),
  };
}

export function useFaqs(projectId: number) {
  return useQuery({
    queryKey: communityKeys.faqs(projectId),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: { faqs: Faq[] } }>(`projects/${projectId}/faqs`, undefined, signal)).data.faqs,
  });
}

export function useFaqActions(projectId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: communityKeys.faqs(projectId) });
  return {
    save: useMutation({
      mutationFn: ({ faqId, body }: { faqId: number | null; body: FaqRequest }) =>
        faqId === null
          ? api.post<{ data: Faq; message?: string }>(`projects/${projectId}/faqs`, body)
          : api.put<{ data: Faq; message?: string }>(`projects/${projectId}/faqs/${faqId}`, body),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (faqId: number) => api.delete<{ message: string }>(`projects/${projectId}/faqs/${faqId}`),
      onSuccess: refresh,
    }),
  };
}
