import { MAX_RETRIES_AFTER_401, NO_RESPONSE_MESSAGE } from '@fundry/shared';
import { ApiError, buildUrl, expireSession, refreshSession, toApiError } from './api-client';
import { authStorage } from './auth-storage';
import { currentTranslator } from './i18n';

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  body: FormData;
  /** Called with the share of the body sent so far, 0 to 100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

interface RawResponse {
  status: number;
  text: string;
}

function sendOnce(path: string, options: UploadOptions, token: string | null): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', buildUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiError(currentTranslator().t(NO_RESPONSE_MESSAGE), 0, 'NO_RESPONSE'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    if (options.signal) {
      if (options.signal.aborted) return xhr.abort();
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(options.body);
  });
}

/**
 * Sends a multipart form with upload progress (fetch cannot report it). Like the API client it carries the
 * bearer token and, on a 401, refreshes the session once and sends again; a failed refresh signs out. No
 * time-out: a 100 MB video may take minutes on a slow line.
 */
export async function uploadWithProgress<T>(path: string, options: UploadOptions): Promise<T> {
  let retries = 0;
  for (;;) {
    const token = authStorage.getAccessToken();
    options.onProgress?.(0);
    const response = await sendOnce(path, options, token);
    if (response.status === 401 && token) {
      if (retries < MAX_RETRIES_AFTER_401 && (await refreshSession())) {
        retries += 1;
        continue;
      }
      expireSession();
    }
    if (response.status < 200 || response.status >= 300) {
      throw await toApiError(
        new Response(response.text, { status: response.status >= 400 ? response.status : 500 }),
      );
    }
    if (response.status === 204 || !response.text) return undefined as T;
    return JSON.parse(response.text) as T;
  }
}
