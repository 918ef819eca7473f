import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, TokenSigner } from './tokens';

const claims = { userId: 7, roles: ['User'], permissions: ['back_project'], sessionId: 'family-1' };

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a token verified before from memory, but never once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const signer = new TokenSigner('a-test-secret-a-test-secret-a-test-secret');
    const token = await signer.signAccess(claims);
    expect(await signer.verifyAccess(token)).toEqual(claims);
    expect(await signer.verifyAccess(token)).toEqual(claims);

    vi.setSystemTime(new Date(Date.parse('2030-01-01T00:00:00Z') + (ACCESS_TOKEN_TTL_SECONDS - 1) * 1000));
    expect(await signer.verifyAccess(token)).toEqual(claims);
    vi.setSystemTime(new Date(Date.parse('2030-01-01T00:00:00Z') + ACCESS_TOKEN_TTL_SECONDS * 1000));
    expect(await signer.verifyAccess(token)).toBeNull();
    expect(await signer.verifyAccess(token)).toBeNull();
  });

  it('checks a token that differs in any way from the one verified, signature included', async () => {
    const signer = new TokenSigner('a-test-secret-a-test-secret-a-test-secret');
    const token = await signer.signAccess(claims);
    expect(await signer.verifyAccess(token)).toEqual(claims);
    const [header, payload, signature] = token.split('.');
    const tampered = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await signer.verifyAccess(tampered)).toBeNull();
    const other = new TokenSigner('another-secret-another-secret-another-secret');
    expect(await other.verifyAccess(token)).toBeNull();
  });
});
