import type { ShareInfo } from '@fundry/shared';
import { api } from '@/lib/api-client';
import { currentTranslator } from '@/lib/i18n';
import { notify } from '@/lib/notify';

/** Share links built in the browser from the site's own address, for when the share call cannot help. */
export function localShareInfo(project: { id: number; title: string }): ShareInfo {
  const url = new URL(`/projects/${project.id}`, window.location.origin).toString();
  const encodedUrl = encodeURIComponent(url);
  const text = encodeURIComponent(project.title);
  return {
    url,
    title: project.title,
    social_links: {
      twitter: `https://twitter.com/intent/tweet?url=${encodedUrl}&text=${text}`,
      facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`,
      linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${encodedUrl}`,
    },
    // Whether the project has a card to embed is the server's to say.
    embed_url: null,
  };
}

/** POST projects/{id}/share; on failure or an answer without data, local links and a warning (SPEC §7, §8). */
export async function fetchShareInfo(project: { id: number; title: string }): Promise<ShareInfo> {
  try {
    const reply = await api.post<{ data?: ShareInfo | null }>(`projects/${project.id}/share`);
    if (reply?.data?.url) return reply.data;
  } catch (error) {
    console.warn('The share call failed; using local share links', error);
  }
  // SPEC §8: the share call failed or gave nothing, so the dialog offers links made here.
  notify.warning(currentTranslator().t('projects.share.localLinks'));
  return localShareInfo(project);
}
