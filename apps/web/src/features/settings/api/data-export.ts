import { useMutation } from '@tanstack/react-query';
import type { DataExport } from '@fundry/shared';
import { api } from '@/lib/api-client';

/** Saves a file the browser already holds, as a link with `download` would. */
function saveFile(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * Fetches `profile/export` with the bearer token (a plain link could not send it), then saves it under the
 * name the server gives the attachment.
 */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      const body = await api.get<{ data: DataExport }>('profile/export');
      const { account, exported_at } = body.data;
      saveFile(`fundry-data-${account.id}-${exported_at.slice(0, 10)}.json`, JSON.stringify(body, null, 2));
    },
  });
}
