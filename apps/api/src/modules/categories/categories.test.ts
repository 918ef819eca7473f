import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/seed';
import { DEMO_CATEGORIES } from '../../db/seed/categories';
import { createTestApp, type TestContext } from '../../test/app';
import { databaseKinds } from '../../test/databases';

describe.each(databaseKinds)('categories on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    await seedDemoData(ctx.database.db, ctx.app.services.storage);
  });
  afterAll(() => ctx.close());

  it('lists every category by name', async () => {
    const response = await ctx.app.inject('/api/v1/categories/');
    expect(response.statusCode).toBe(200);
    const names = response.json<{ data: { name: string }[] }>().data.map((c) => c.name);
    expect(names).toEqual([...DEMO_CATEGORIES].sort());
  });

  it('gets one category and 404s an unknown one', async () => {
    const list = (await ctx.app.inject('/api/v1/categories/')).json<{
      data: { id: number; name: string }[];
    }>();
    const first = list.data[0]!;
    const one = await ctx.app.inject(`/api/v1/categories/${first.id}`);
    expect(one.json()).toEqual({ data: first });
    const missing = await ctx.app.inject('/api/v1/categories/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'NOT_FOUND', message: 'Category not found' });
  });

  it('seeds only once', async () => {
    expect(await seedDemoData(ctx.database.db, ctx.app.services.storage)).toBe(false);
  });
});
