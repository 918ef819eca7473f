import sharp from 'sharp';
import type { Project } from '@fundry/shared';
import { todayUtc } from '@fundry/shared';
import type { TestContext } from './app';
import { multipart, type FilePart } from './multipart';

/** The smallest real MP4 header (an ftyp box) followed by `dataBytes` of filler: enough for the byte check. */
export const mp4Bytes = (dataBytes: number) =>
  Buffer.concat([
    Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'),
    Buffer.alloc(dataBytes, 7),
  ]);

/** A real 1200×800 PNG, as a creator's cover photo would be. */
export const coverPng = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: '#0ca678' } })
    .png()
    .toBuffer();

export const inDays = (days: number) => todayUtc(new Date(Date.now() + days * 86_400_000));

export async function firstCategoryId(ctx: TestContext): Promise<number> {
  const existing = await ctx.database.db
    .selectFrom('categories')
    .select('id')
    .orderBy('id')
    .executeTakeFirst();
  if (existing) return existing.id;
  const created = await ctx.database.db
    .insertInto('categories')
    .values({ name: 'Technology' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

/** A complete, valid project form (the create page's fields), with overrides. */
export async function projectFields(ctx: TestContext, overrides: Record<string, string> = {}) {
  return {
    title: 'Solar Lantern for Every Home',
    category_id: String(await firstCategoryId(ctx)),
    goal_amount: '5000',
    start_date: inDays(0),
    end_date: inDays(30),
    description: '<p>A lantern that charges in the sun and lights a room all night.</p>',
    risk_and_challenges: '<p>Battery supply could slip by a month.</p>',
    featured: 'false',
    ...overrides,
  };
}

export function sendProject(
  ctx: TestContext,
  method: 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  files: FilePart[] = [],
) {
  const body = multipart(fields, files);
  return ctx.app.inject({
    method,
    url: `/api/v1/${url}`,
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
}

/** Sends the create form (valid fields with `overrides`) and `files`; the raw answer, for tests of uploads. */
export async function sendNewProject(
  ctx: TestContext,
  headers: Record<string, string>,
  overrides: Record<string, string>,
  files: FilePart[],
) {
  return sendProject(ctx, 'POST', 'projects', headers, await projectFields(ctx, overrides), files);
}

/** Creates a project through the API as `headers`' user; with `activateWith`, an admin makes it ACTIVE. */
export async function createProject(
  ctx: TestContext,
  headers: Record<string, string>,
  overrides: Record<string, string> = {},
  activateWith?: Record<string, string>,
): Promise<Project> {
  const response = await sendNewProject(ctx, headers, overrides, []);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  const project = response.json<{ data: Project }>().data;
  if (!activateWith) return project;
  const activated = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/projects/${project.id}/activate`,
    headers: activateWith,
  });
  if (activated.statusCode !== 200) throw new Error(`activate failed: ${activated.body}`);
  return activated.json<{ data: Project }>().data;
}
