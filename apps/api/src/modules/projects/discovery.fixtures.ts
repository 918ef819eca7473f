import { expect } from 'vitest';
import type { ProjectCard } from '@fundry/shared';
import { createProjectRow, createUser } from '../../db/seed/factories';
import { createTestApp } from '../../test/app';
import type { DatabaseKind } from '../../test/databases';

/**
 * The app of the discovery tests (discovery-lists, discovery-search), its time read from `clock`, over one
 * creator's projects in three categories (Tech, Art, Food): seven public ones that searches, filters and sorts
 * tell apart, and a draft, a pending and a rejected one that no public list may show. `ids` names each project;
 * `list` and `titles` read the public list with a query.
 */
export async function openDiscovery(kind: DatabaseKind, clock: () => Date) {
  const ctx = await createTestApp(
    kind,
    { APP_URL: 'https://fundry.example', PAYMENTS_PROVIDER: 'sandbox' },
    undefined,
    { clock },
  );
  const db = ctx.database.db;
  const creatorId = (await createUser(db)).id;
  const categories = await db
    .insertInto('categories')
    .values([{ name: 'Tech' }, { name: 'Art' }, { name: 'Food' }])
    .returning('id')
    .execute();
  const [tech, art, food] = categories.map((c) => c.id) as [number, number, number];
  const ids: Record<string, number> = {};
  const make = async (key: string, input: Parameters<typeof createProjectRow>[1]) => {
    ids[key] = await createProjectRow(db, input);
  };
  const base = { creatorId };
  await make('titleMatch', {
    ...base,
    title: 'Solar kettle',
    categoryId: tech,
    raised: 100,
    goal: 1000,
    backers: 3,
    createdAt: new Date('2026-01-01'),
  });
  await make('descMatch', {
    ...base,
    title: 'Camping stove',
    description: '<p>Boils water using solar power.</p>',
    categoryId: tech,
    raised: 500,
    goal: 1000,
    backers: 9,
    createdAt: new Date('2026-02-01'),
  });
  await make('nearly', {
    ...base,
    title: 'Clay pots',
    categoryId: art,
    raised: 800,
    goal: 1000,
    backers: 5,
    end: 3,
    createdAt: new Date('2026-03-01'),
  });
  await make('funded', {
    ...base,
    title: 'Street food atlas',
    categoryId: food,
    raised: 1500,
    goal: 1000,
    backers: 20,
    end: 60,
    featured: true,
    createdAt: new Date('2026-04-01'),
  });
  await make('upcoming', {
    ...base,
    title: 'Future garden',
    categoryId: art,
    start: 5,
    end: 40,
    createdAt: new Date('2026-05-01'),
  });
  await make('done', {
    ...base,
    title: 'Finished mural',
    categoryId: art,
    status: 'SUCCESSFUL',
    raised: 2000,
    goal: 1000,
    backers: 40,
    start: -60,
    end: -5,
  });
  await make('failed', {
    ...base,
    title: 'Failed solar boat',
    categoryId: tech,
    status: 'FAILED',
    raised: 10,
    goal: 1000,
    start: -60,
    end: -5,
  });
  for (const status of ['DRAFT', 'PENDING', 'REJECTED'] as const) {
    await make(status, {
      ...base,
      title: `Secret solar ${status.toLowerCase()} plan`,
      categoryId: tech,
      status,
      featured: true,
      backers: 999,
    });
  }

  const list = async (query: string, headers: Record<string, string> = {}) => {
    const paged = query.includes('per_page=') ? query : `per_page=100&${query}`;
    const response = await ctx.app.inject({ url: `/api/v1/projects/?${paged}`, headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: { projects: ProjectCard[]; total: number; pages: number } }>().data;
  };
  const titles = async (query: string) => (await list(query)).projects.map((p) => p.title);

  return { ctx, creatorId, tech, art, food, ids, list, titles };
}

export type Discovery = Awaited<ReturnType<typeof openDiscovery>>;
