import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setSessionExpiredHandler } from './api-client';
import { authStorage } from './auth-storage';
import { uploadWithProgress } from './upload';

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status: number; body?: unknown } | 'network-error';

/** A stand-in XMLHttpRequest: reports upload progress in two steps, then answers as `respond` says. */
function stubXhr(respond: (sent: Sent) => Answer) {
  const sent: Sent[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    withCredentials = false;
    status = 0;
    responseText = '';
    private request: Sent = { method: '', url: '', headers: {}, body: undefined };
    open(method: string, url: string) {
      this.request = { method, url, headers: {}, body: undefined };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      this.request.body = body;
      sent.push(this.request);
      queueMicrotask(() => {
        for (const loaded of [50, 100]) {
          this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 } as ProgressEvent);
        }
        const answer = respond(this.request);
        if (answer === 'network-error') return this.onerror?.();
        this.status = answer.status;
        this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('uploadWithProgress', () => {
  const expired = vi.fn();
  beforeEach(() => setSessionExpiredHandler(expired));
  afterEach(() => {
    vi.unstubAllGlobals();
    expired.mockReset();
  });

  it('sends the form with the bearer token and reports progress', async () => {
    authStorage.setTokens('access-1', 'refresh-1');
    const sent = stubXhr(() => ({ status: 201, body: { data: { id: 4 } } }));
    const progress: number[] = [];
    const body = new FormData();
    body.append('title', 'Lantern');
    await expect(
      uploadWithProgress('projects', { method: 'POST', body, onProgress: (p) => progress.push(p) }),
    ).resolves.toEqual({ data: { id: 4 } });
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/v1/projects',
        headers: { Accept: 'application/json', Authorization: 'Bearer access-1' },
        body,
      },
    ]);
    expect(progress).toEqual([0, 50, 100]);
  });

  it('refreshes once on a 401 through the API client and sends again', async () => {
    authStorage.setTokens('old', 'refresh-1');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(200, { access_token: 'new', refresh_token: 'refresh-2' }))),
    );
    const sent = stubXhr((request) =>
      request.headers.Authorization === 'Bearer new'
        ? { status: 200, body: { data: 'ok' } }
        : { status: 401, body: { error: 'UNAUTHORIZED', message: 'expired' } },
    );
    await expect(uploadWithProgress('projects/3', { method: 'PUT', body: new FormData() })).resolves.toEqual({
      data: 'ok',
    });
    expect(sent.map((request) => request.headers.Authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(authStorage.getRefreshToken()).toBe('refresh-2');
    expect(expired).not.toHaveBeenCalled();
  });

  it('signs out when the session cannot be refreshed', async () => {
    authStorage.setTokens('old', 'refresh-1');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(401, { error: 'UNAUTHORIZED' }))),
    );
    stubXhr(() => ({ status: 401, body: { error: 'UNAUTHORIZED', message: 'Session expired' } }));
    await expect(uploadWithProgress('projects', { body: new FormData() })).rejects.toMatchObject({
      status: 401,
    });
    expect(authStorage.getAccessToken()).toBeNull();
    expect(expired).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('turns an error answer into an ApiError with the field details', async () => {
    stubXhr(() => ({
      status: 400,
      body: {
        error: 'VALIDATION_ERROR',
        message: 'Title is required',
        details: { title: ['Title is required'] },
      },
    }));
    const error = await uploadWithProgress('projects/drafts', { body: new FormData() }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Title is required',
      details: { title: ['Title is required'] },
    });
  });

  it('reports a missing response with the SPEC message', async () => {
    stubXhr(() => 'network-error');
    await expect(uploadWithProgress('projects', { body: new FormData() })).rejects.toMatchObject({
      status: 0,
      message: 'No response received from server. Please check your internet connection.',
    });
  });
});
