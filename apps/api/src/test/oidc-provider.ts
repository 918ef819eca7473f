import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcAccount {
  email: string;
  email_verified: boolean;
  name: string;
}

/**
 * A real OpenID Connect provider (panva's oidc-provider) on a random local port, with its development
 * login and consent pages: any login name signs in as the account of that name.
 */
export async function startOidcProvider(redirectUri: string, accounts: Record<string, OidcAccount>) {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'fundry-test',
        client_secret: 'fundry-test-secret',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, id) => {
      const account = accounts[id];
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...account }) };
    },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['fundry-test-cookie-key'] },
  });
  const handle = provider.callback();
  server.on('request', (req, res) => void handle(req, res));
  return {
    issuer,
    clientId: 'fundry-test',
    clientSecret: 'fundry-test-secret',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Goes through the provider's login and consent pages as a browser would (cookies, redirects, form posts)
 * and returns the final redirect back to the app's callback.
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const request = async (url: string, body?: Record<string, string>) => {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: body ? new URLSearchParams(body).toString() : undefined,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', ...value] = pair.split('=');
      cookies.set(name, value.join('='));
    }
    return response;
  };

  let url = authorizationUrl;
  let body: Record<string, string> | undefined;
  for (let step = 0; step < 12; step++) {
    const response = await request(url, body);
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (!next.pathname.startsWith('/interaction/') && !next.pathname.startsWith('/auth')) return next;
      url = next.toString();
      continue;
    }
    const html = await response.text();
    if (html.includes('name="prompt" value="login"')) body = { prompt: 'login', login, password: 'any' };
    else if (html.includes('name="prompt" value="consent"')) body = { prompt: 'consent' };
    else throw new Error(`Unexpected provider page: ${html.slice(0, 300)}`);
  }
  throw new Error('Too many steps at the identity provider');
}
