import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { ConfigError, defaultRenderWorkers, loadConfig } from './config';

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

  it('sends the reads that may lag to the replicas of DATABASE_READ_URLS, only with a PostgreSQL server', () => {
    const database = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: ':memory:', DATABASE_URL: 'postgresql://u@db:5432/fundry', ...env }).database;
    expect(database({ DATABASE_READ_URLS: '' })).toEqual({
      kind: 'postgres',
      url: 'postgresql://u@db:5432/fundry',
    });
    expect(
      database({ DATABASE_READ_URLS: ' postgresql://u@r1:5432/fundry, postgresql://u@r2:5432/fundry,' }),
    ).toEqual({
      kind: 'postgres',
      url: 'postgresql://u@db:5432/fundry',
      replicas: { urls: ['postgresql://u@r1:5432/fundry', 'postgresql://u@r2:5432/fundry'], maxLagMs: 5_000 },
    });
    expect(
      database({ DATABASE_READ_URLS: 'postgresql://u@r1:5432/fundry', MAX_REPLICA_LAG_MS: '300' }),
    ).toMatchObject({ replicas: { maxLagMs: 300 } });
    expect(() => database({ DATABASE_READ_URLS: 'not a url' })).toThrow(ConfigError);
    expect(() => database({ DATABASE_READ_URLS: 'postgresql://u@r1/f', MAX_REPLICA_LAG_MS: '0' })).toThrow(
      ConfigError,
    );
    expect(() =>
      loadConfig({ DATA_DIR: ':memory:', DATABASE_READ_URLS: 'postgresql://u@r1:5432/f' }),
    ).toThrow(/DATABASE_URL/);
  });

  it('makes APP_URL, unless it is set, the address the process listens on', () => {
    const appUrl = (env: Record<string, string>) => loadConfig({ DATA_DIR: ':memory:', ...env }).appUrl;
    expect(appUrl({})).toBe('http://localhost:5000');
    expect(appUrl({ PORT: '5099' })).toBe('http://localhost:5099');
    expect(appUrl({ HOST: '0.0.0.0', PORT: '5099' })).toBe('http://localhost:5099');
    expect(appUrl({ HOST: '::', PORT: '5099' })).toBe('http://localhost:5099');
    expect(appUrl({ HOST: '127.0.0.1', PORT: '8080' })).toBe('http://127.0.0.1:8080');
    expect(appUrl({ HOST: '::1' })).toBe('http://[::1]:5000');
    expect(appUrl({ PORT: '5099', APP_URL: 'https://fundry.example/', PAYMENTS_PROVIDER: 'sandbox' })).toBe(
      'https://fundry.example',
    );
    // Listening on a network's address is not a public site: the sandbox stays the default there.
    expect(loadConfig({ DATA_DIR: ':memory:', HOST: '192.168.1.5' })).toMatchObject({
      appUrl: 'http://192.168.1.5:5000',
      payments: { provider: 'sandbox' },
    });
  });

  it('logs readable lines to a terminal, JSON lines elsewhere and in tests, unless LOG_FORMAT says', () => {
    const logFormat = (env: Record<string, string>, terminal: boolean) =>
      loadConfig({ DATA_DIR: ':memory:', ...env }, terminal).logFormat;
    expect(logFormat({}, true)).toBe('pretty');
    expect(logFormat({}, false)).toBe('json');
    expect(logFormat({ NODE_ENV: 'production' }, true)).toBe('pretty');
    expect(logFormat({ NODE_ENV: 'production' }, false)).toBe('json');
    expect(logFormat({ NODE_ENV: 'test' }, true)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
    expect(() => logFormat({ LOG_FORMAT: 'yaml' }, false)).toThrow(/LOG_FORMAT/);
  });

  it('runs the sandbox by default only on a local address, or when it is asked for', () => {
    for (const appUrl of ['http://localhost:5000', 'http://127.0.0.1:8080', 'http://[::1]:5000']) {
      expect(loadConfig({ DATA_DIR: ':memory:', APP_URL: appUrl }).payments.provider).toBe('sandbox');
    }
    const publicSite = { DATA_DIR: ':memory:', APP_URL: 'https://fundry.example' };
    expect(() => loadConfig(publicSite)).toThrow(ConfigError);
    expect(() => loadConfig(publicSite)).toThrow(/PAYMENTS_PROVIDER=sandbox/);
    expect(() => loadConfig(publicSite)).toThrow(/STRIPE_SECRET_KEY/);
    expect(loadConfig({ ...publicSite, PAYMENTS_PROVIDER: 'sandbox' }).payments.provider).toBe('sandbox');
    expect(loadConfig({ ...publicSite, STRIPE_SECRET_KEY: 'sk_test_123' }).payments.provider).toBe('stripe');
  });

  it('serves metrics only when METRICS_PORT is set, on the loopback address unless METRICS_HOST says otherwise', () => {
    expect(loadConfig({ DATA_DIR: ':memory:' }).metrics).toBeUndefined();
    expect(loadConfig({ DATA_DIR: ':memory:', METRICS_PORT: '9464' }).metrics).toEqual({
      port: 9464,
      host: '127.0.0.1',
    });
    expect(
      loadConfig({ DATA_DIR: ':memory:', METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics,
    ).toEqual({ port: 9464, host: '0.0.0.0' });
    expect(() => loadConfig({ DATA_DIR: ':memory:', METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT/);
  });

  it('renders pages in one thread per core beyond the main thread’s, two at most, unless RENDER_WORKERS says', () => {
    expect([1, 2, 3, 4, 16].map(defaultRenderWorkers)).toEqual([1, 1, 2, 2, 2]);
    expect(loadConfig({ DATA_DIR: ':memory:' }).renderWorkers).toBe(
      defaultRenderWorkers(availableParallelism()),
    );
    expect(loadConfig({ DATA_DIR: ':memory:', RENDER_WORKERS: '0' }).renderWorkers).toBe(0);
    expect(loadConfig({ DATA_DIR: ':memory:', RENDER_WORKERS: '3' }).renderWorkers).toBe(3);
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', APP_URL: 'not a url' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe', DATA_DIR: ':memory:' })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
  });

  it('offers every shipped language by default, or the ones LOCALES names', () => {
    expect(loadConfig({ DATA_DIR: ':memory:' })).toMatchObject({
      locales: ['en', 'es', 'pt-BR', 'de', 'ar'],
      defaultLocale: 'en',
    });
    expect(loadConfig({ DATA_DIR: ':memory:', LOCALES: 'de,es' })).toMatchObject({
      locales: ['de', 'es'],
      defaultLocale: 'de',
    });
    expect(() => loadConfig({ DATA_DIR: ':memory:', LOCALES: 'de,fr' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: ':memory:', LOCALES: 'de', DEFAULT_LOCALE: 'en' })).toThrow(
      /DEFAULT_LOCALE en is not one of LOCALES/,
    );
  });

  it('offers USD by default, or the currencies CURRENCIES names, with the first as the base', () => {
    expect(loadConfig({ DATA_DIR: ':memory:' })).toMatchObject({
      currencies: ['USD'],
      baseCurrency: 'USD',
      fxRates: { url: undefined, timeoutMs: 10_000 },
    });
    expect(loadConfig({ DATA_DIR: ':memory:', CURRENCIES: 'eur, USD,JPY,EUR' })).toMatchObject({
      currencies: ['EUR', 'USD', 'JPY'],
      baseCurrency: 'EUR',
    });
    expect(loadConfig({ DATA_DIR: ':memory:', CURRENCIES: 'EUR,BRL', BASE_CURRENCY: 'BRL' })).toMatchObject({
      baseCurrency: 'BRL',
    });
  });

  it('refuses to start with a currency it cannot offer, naming it', () => {
    expect(() => loadConfig({ DATA_DIR: ':memory:', CURRENCIES: 'USD,XYZ' })).toThrow(
      /CURRENCIES XYZ: not a currency that can be offered; choose among USD, GBP, EUR/,
    );
    // An ISO currency, but not one of those offered (three decimals).
    expect(() => loadConfig({ DATA_DIR: ':memory:', CURRENCIES: 'KWD' })).toThrow(/CURRENCIES KWD/);
    expect(() => loadConfig({ DATA_DIR: ':memory:', CURRENCIES: ' , ' })).toThrow(/CURRENCIES \(empty\)/);
    expect(() => loadConfig({ DATA_DIR: ':memory:', CURRENCIES: 'USD,EUR', BASE_CURRENCY: 'GBP' })).toThrow(
      /BASE_CURRENCY GBP is not one of CURRENCIES \(USD, EUR\)/,
    );
  });

  it('reads the rates from an address on the web or a file, with a time-out', () => {
    expect(
      loadConfig({
        DATA_DIR: ':memory:',
        FX_RATES_URL: 'https://rates.example/eurofxref-daily.xml',
        FX_RATES_TIMEOUT_MS: '500',
      }).fxRates,
    ).toEqual({ url: 'https://rates.example/eurofxref-daily.xml', timeoutMs: 500 });
    expect(loadConfig({ DATA_DIR: ':memory:', FX_RATES_URL: 'file:///srv/rates.xml' }).fxRates.url).toBe(
      'file:///srv/rates.xml',
    );
    expect(() => loadConfig({ DATA_DIR: ':memory:', FX_RATES_URL: 'ftp://rates.example/x.xml' })).toThrow(
      /FX_RATES_URL/,
    );
  });
});
