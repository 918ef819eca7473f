import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_MODE_MESSAGE } from '@fundry/shared';
import { createTestApp, type TestContext } from '../../test/app';

describe('test mode', () => {
  let sandbox: TestContext;
  let stripe: TestContext;
  beforeAll(async () => {
    sandbox = await createTestApp('pglite');
    stripe = await createTestApp('pglite', { STRIPE_SECRET_KEY: 'sk_test_fundry' });
  });
  afterAll(async () => {
    await sandbox.close();
    await stripe.close();
  });

  it('is announced to the web client while the sandbox takes the pledges', async () => {
    const response = await sandbox.app.inject('/api/v1/config');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { test_mode: true } });
    expect(response.headers['cache-control']).toBe('public, max-age=60');
  });

  it('is off with Stripe', async () => {
    const response = await stripe.app.inject('/api/v1/config/');
    expect(response.json()).toEqual({ data: { test_mode: false } });
  });

  it("is written on the sandbox's checkout and bank onboarding pages", async () => {
    for (const url of ['/sandbox/checkout/cs_unknown', '/sandbox/connect/acct_unknown']) {
      const page = await sandbox.app.inject(url);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain(TEST_MODE_MESSAGE);
    }
  });
});
