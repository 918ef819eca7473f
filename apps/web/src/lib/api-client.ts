import {
  API_BASE_PATH,
  MAX_RETRIES_AFTER_401,
  NO_RESPONSE_MESSAGE,
  REQUEST_TIMEOUT_MS,
} from '@fundry/shared';
import { authStorage } from './auth-storage';
import { currentTranslator } from './i18n';

/**
 * A failed call. Its message is for people: the server writes its own in the caller's language, and those the
 * client makes up (no answer, time-out) are in the page's.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    /** Per-field messages of a 400, or the facts a conflict names (a 409's `donation_id`). */
    readonly details?: Record<string, string[] | number>,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | Array<string | number>>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * Send no bearer token: for credential checks (sign-in, two-factor sign-in, reset links), where a 401
   * means wrong credentials, never an expired session to refresh.
   */
  anonymous?: boolean;
}

type SessionExpiredHandler = () => void;
let onSessionExpired: SessionExpiredHandler = () => {
  window.location.assign('/signin');
};

/** The router registers a handler so that an expired session navigates without a full reload. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler) {
  onSessionExpired = handler;
}

/** What the client needs of an answer: the browser's `Response` has it, and so has a server render's read. */
export type ApiResponse = Pick<Response, 'ok' | 'status' | 'json'>;

/** The API's answer to a read of the server that renders a page: its status and its body's bytes. */
export interface ServerAnswer {
  status: number;
  body: ArrayBuffer | null;
}

/**
 * How the server that renders a page first (DESIGN.md §13) reaches the API: its own address and the reads it
 * answers in process, as bytes rather than a `Response` (whose streams cost a page more than its data). In the
 * browser, requests go to the page's origin.
 */
export interface ServerTransport {
  origin: string;
  read: (url: string, headers: Array<[string, string]>) => Promise<ServerAnswer>;
}
/** On the server (entry-server.tsx): the transport of the page being rendered, which may be one of several. */
let serverTransport: () => ServerTransport | undefined = () => undefined;

export function setServerTransportSource(current: () => ServerTransport | undefined) {
  serverTransport = current;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  // Only the path and query are kept: the base merely lets URL parse them.
  const url = new URL(`${API_BASE_PATH}/${path.replace(/^\//, '')}`, 'http://fundry.invalid');
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
  }
  return url.pathname + url.search;
}

const utf8 = new TextDecoder();

/** A server render's read, answered as the client reads a response. */
async function readOnServer(
  transport: ServerTransport,
  url: string,
  headers: Record<string, string>,
): Promise<ApiResponse> {
  const { status, body } = await transport.read(`${transport.origin}${url}`, Object.entries(headers));
  return {
    status,
    ok: status >= 200 && status < 300,
    json: async () => JSON.parse(utf8.decode(body ?? undefined)) as unknown,
  };
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<ApiResponse> {
  // The API answers its messages in the page's language (DESIGN.md §14), not the browser's.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentTranslator().locale,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    const url = buildUrl(path, options.query);
    // A server render only reads, and from its own process: no time-out to wait for.
    const transport = serverTransport();
    if (transport) return await readOnServer(transport, url, headers);
    const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    return await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new ApiError(currentTranslator().t('common.api.timedOut'), 0, 'TIMEOUT');
    }
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(currentTranslator().t(NO_RESPONSE_MESSAGE), 0, 'NO_RESPONSE');
  }
}

let refreshing: Promise<boolean> | null = null;

/**
 * Trades the refresh token for a new access token (SPEC §4), one refresh at a time: concurrent 401s wait for
 * the same refresh. Resolves false when there is no refresh token or the refresh fails.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = authStorage.getRefreshToken();
    if (!refreshToken) return false;
    try {
      const response = await send('auth/refresh', { method: 'POST', body: {} }, refreshToken);
      if (!response.ok) return false;
      const body = (await response.json()) as { access_token?: string; refresh_token?: string };
      if (!body.access_token) return false;
      authStorage.setTokens(body.access_token, body.refresh_token);
      return true;
    } catch (error) {
      console.warn('Token refresh failed', error);
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Removes both tokens and sends the person to sign in: the session could not be refreshed. */
export function expireSession() {
  authStorage.clear();
  onSessionExpired();
}

/** What a failed response without a message in its body says. */
export function requestFailedMessage(status: number): string {
  return currentTranslator().t('common.api.requestFailed', { status });
}

/** The ApiError of a failed response: the body's message (or error code) and its per-field details. */
export async function toApiError(response: ApiResponse): Promise<ApiError> {
  let body: { error?: string; message?: string; details?: Record<string, string[] | number> } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // A body that is not JSON carries no message worth showing.
  }
  const message = body.message ?? body.error ?? requestFailedMessage(response.status);
  return new ApiError(message, response.status || 500, body.error, body.details);
}

/**
 * Calls the API: attaches the bearer token, and on a 401 refreshes once and retries once (SPEC §4).
 * When the session cannot be refreshed, both tokens are removed and the person goes to /signin.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let retries = 0;
  for (;;) {
    const token = options.anonymous ? null : authStorage.getAccessToken();
    const response = await send(path, options, token);
    if (response.status === 401 && token) {
      if (retries < MAX_RETRIES_AFTER_401 && (await refreshSession())) {
        retries += 1;
        continue;
      }
      expireSession();
    }
    if (!response.ok) throw await toApiError(response);
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }
}

export const api = {
  get: <T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal) =>
    apiRequest<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'DELETE', body }),
};
