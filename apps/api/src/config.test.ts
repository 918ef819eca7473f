import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('defaults to the embedded database, the sandbox and port 5000', () => {
    const config = loadConfig({ DATA_DIR: ':memory:' });
    expect(config.port).toBe(5000);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: undefined });
    expect(config.payments.provider).toBe('sandbox');
    expect(config.rateLimits).toBe(true);
    expect(config.platformFeePercent).toBe(5);
    expect(config.maxInFlightRequests).toBe(256);
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('uses a PostgreSQL server and Stripe when configured', () => {
    const config = loadConfig({
      DATA_DIR: ':memory:',
      DATABASE_URL: 'postgresql://u@db:5432/fundry',
      STRIPE_SECRET_KEY: 'sk_test_123',
      RATE_LIMITS: 'off',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgresql://u@db:5432/fundry' });
    expect(config.payments.provider).toBe('stripe');
    expect(config.rateLimits).toBe(false);
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', APP_URL: 'not a url' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe', DATA_DIR: ':memory:' })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
  });
});
