import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import type { Donation, TokenResponse, UserProfile } from '@fundry/shared';
import { expect, test } from '../fixtures';
import { API, createCampaign, pledgeWithCard } from '../support/campaign';
import { DEMO_PASSWORD } from '../support/session';

/** The partner site global-setup lists in the app's CORS_ORIGINS. */
const partnerOrigin = process.env.E2E_PARTNER_ORIGIN!;

/** Another site's page on 127.0.0.1: an empty document whose script calls the API, as a partner's would. */
async function serveSite(port: number) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html lang="en"><title>Partner</title><h1>Partner site</h1></html>');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  token?: string;
  json?: unknown;
  /** Sent as multipart/form-data, as the web client sends the profile. */
  form?: Record<string, string>;
}

/**
 * Calls the API from the page's own origin with `fetch`, as the web client does (bearer token, credentials
 * included); a call the browser's CORS check refuses rejects, and fails the journey.
 */
function apiFrom(page: Page, baseURL: string) {
  return async <T = unknown>({ method, path, token, json, form }: Call) =>
    (await page.evaluate(
      async ({ url, method, token, json, form }) => {
        const headers: Record<string, string> = { Accept: 'application/json' };
        if (token) headers.Authorization = `Bearer ${token}`;
        let body: BodyInit | undefined;
        if (form) {
          const data = new FormData();
          for (const [name, value] of Object.entries(form)) data.append(name, value);
          body = data;
        } else if (json !== undefined) {
          headers['Content-Type'] = 'application/json';
          body = JSON.stringify(json);
        }
        const response = await fetch(url, { method, headers, body, credentials: 'include' }).catch(
          (error) => {
            throw new Error(`${method} ${url} was refused: ${String(error)}`);
          },
        );
        return { status: response.status, body: (await response.json()) as unknown };
      },
      { url: `${baseURL}${API}/${path}`, method, token, json, form },
    )) as { status: number; body: T };
}

test('a page of an allowed site signs in, edits the profile, changes and cancels a pledge, and signs out; another site is refused', async ({
  page,
  request,
  baseURL,
}) => {
  const projectId = await createCampaign(request, `Partner journey ${Date.now().toString(36)}`, 500);
  await pledgeWithCard(request, 'sofia@fundry.dev', projectId, 10);

  const partner = await serveSite(Number(new URL(partnerOrigin).port));
  const stranger = await serveSite(0);
  try {
    await page.goto(partner.origin);
    const api = apiFrom(page, baseURL!);
    const signedIn = await api<TokenResponse>({
      method: 'POST',
      path: 'auth/login',
      json: { email: 'sofia@fundry.dev', password: DEMO_PASSWORD },
    });
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.access_token;

    // The profile form, edited and saved (PUT, multipart).
    type ProfileBody = { data: { user: UserProfile } };
    const { user } = (await api<ProfileBody>({ method: 'GET', path: 'profile', token })).body.data;
    const bio = `Edited from a partner site at ${new Date().toISOString()}`;
    const saved = await api<ProfileBody>({
      method: 'PUT',
      path: 'profile',
      token,
      form: { full_name: user.full_name, email: user.email, bio },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.user.bio).toBe(bio);

    // The pledge, raised (PUT) and then cancelled.
    const myPledge = () =>
      api<{ data: Donation | null }>({
        method: 'GET',
        path: `backers/projects/${projectId}/my-pledge`,
        token,
      });
    const pledge = (await myPledge()).body.data!;
    expect(pledge).toMatchObject({ amount: 10, status: 'PLEDGED' });
    const changed = await api<{ data: Donation }>({
      method: 'PUT',
      path: `backers/donations/${pledge.id}`,
      token,
      json: { amount: 25, reward_id: null },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ amount: 25, status: 'PLEDGED' });
    const cancelled = await api({ method: 'POST', path: `backers/donations/${pledge.id}/cancel`, token });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await myPledge()).body.data).toBeNull();

    // Signing out (DELETE) ends the session: its refresh token no longer works.
    expect((await api({ method: 'DELETE', path: 'auth/logout', token })).status).toBe(200);
    const refreshed = await api({
      method: 'POST',
      path: 'auth/refresh',
      json: { refresh_token: signedIn.body.refresh_token },
    });
    expect(refreshed.status).toBe(401);

    // A site the app does not list is refused by the browser before its call is sent.
    await page.goto(stranger.origin);
    const refused = await page.evaluate(async (url) => {
      try {
        return `answered ${(await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status}`;
      } catch (error) {
        return `refused: ${String(error)}`;
      }
    }, `${baseURL}${API}/profile`);
    expect(refused).toMatch(/^refused/);
  } finally {
    await Promise.all([partner.close(), stranger.close()]);
  }
});
