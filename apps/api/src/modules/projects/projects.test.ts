import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_VIDEO_BYTES, PROJECT_MESSAGES, type Project } from '@fundry/shared';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { multipart } from '../../test/multipart';
import { databaseKinds } from '../../test/databases';
import {
  coverPng,
  createProject,
  inDays,
  mp4Bytes,
  projectFields,
  sendNewProject,
  sendProject,
} from '../../test/projects';
import { inEnglish } from '../../test/i18n';

type Headers = Record<string, string>;

describe.each(databaseKinds)('projects on %s', (kind) => {
  let ctx: TestContext;
  let creator: Headers;
  let other: Headers;
  let admin: Headers;
  const visitor: Headers = {};

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    creator = (await signedInUser(ctx)).headers;
    other = (await signedInUser(ctx)).headers;
    admin = (await signedInUser(ctx, { admin: true })).headers;
  });
  afterAll(() => ctx.close());

  const get = (url: string, headers: Headers) => ctx.app.inject({ url: `/api/v1/${url}`, headers });
  const act = (id: number, action: string, headers: Headers, payload?: object) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/projects/${id}/${action}`, headers, payload });

  describe('life of a project', () => {
    it('goes draft → pending → active → rejected → active again, visible only when it should be', async () => {
      const draft = await sendProject(ctx, 'POST', 'projects/drafts', creator, {
        title: 'Only a title',
        status: 'DRAFT',
      });
      expect(draft.statusCode).toBe(201);
      const id = draft.json<{ data: Project }>().data.id;
      expect(draft.json().data).toMatchObject({ status: 'DRAFT', title: 'Only a title', goal_amount: null });

      const submitted = await sendProject(ctx, 'PUT', `projects/${id}`, creator, {
        ...(await projectFields(ctx)),
        status: 'PENDING',
      });
      expect(submitted.statusCode).toBe(200);
      expect(submitted.json().data).toMatchObject({
        status: 'PENDING',
        goal_amount: 5000,
        funding_goal: 5000,
      });

      expect((await get(`projects/${id}`, visitor)).statusCode).toBe(404);
      expect((await get(`projects/${id}`, other)).statusCode).toBe(404);
      expect((await get(`projects/${id}`, creator)).statusCode).toBe(200);
      expect((await get(`projects/${id}`, admin)).statusCode).toBe(200);

      const activated = await act(id, 'activate', admin);
      expect(activated.json()).toMatchObject({
        message: 'Project activated successfully',
        data: { status: 'ACTIVE' },
      });
      expect((await get(`projects/${id}`, visitor)).statusCode).toBe(200);

      const rejected = await act(id, 'revoke', admin, { reason: 'Misleading claims' });
      expect(rejected.json()).toMatchObject({
        message: 'Project revoked successfully',
        data: { status: 'REJECTED', revocation_reason: 'Misleading claims' },
      });
      expect(rejected.json().data.revocation_date).toBeTruthy();
      expect((await get(`projects/${id}`, visitor)).statusCode).toBe(404);
      expect((await act(id, 'activate', admin)).json().data.status).toBe('ACTIVE');
      // Without a written reason nothing is stored: each reader's page says why in their language.
      for (const payload of [undefined, { reason: '   ' }]) {
        const unexplained = await act(id, 'revoke', admin, payload);
        expect(unexplained.json().data).toMatchObject({ status: 'REJECTED', revocation_reason: null });
        expect((await act(id, 'activate', admin)).json().data.status).toBe('ACTIVE');
      }
    });

    it('lists my projects by tab, and only public ones publicly', async () => {
      const me = await signedInUser(ctx);
      await sendProject(ctx, 'POST', 'projects/drafts', me.headers, { title: 'My draft' });
      const pending = await createProject(ctx, me.headers, { title: 'My pending' });
      const live = await createProject(ctx, me.headers, { title: 'My live' }, admin);
      const mine = (status?: string) =>
        get(`projects/?my_projects=true${status ? `&status=${status}` : ''}`, me.headers).then(
          (r) => r.json().data,
        );
      expect((await mine()).total).toBe(3);
      expect((await mine('draft')).projects.map((p: Project) => p.title)).toEqual(['My draft']);
      expect((await mine('pending')).projects.map((p: Project) => p.id)).toEqual([pending.id]);
      expect((await mine('active')).projects.map((p: Project) => p.id)).toEqual([live.id]);

      const publicList = await get('projects/?per_page=100&status=pending', visitor);
      expect(publicList.json().data.projects.every((p: Project) => p.status !== 'PENDING')).toBe(true);
      const everything = await get('projects/?per_page=100', visitor);
      const statuses = new Set(everything.json().data.projects.map((p: Project) => p.status));
      expect([...statuses].every((s) => ['ACTIVE', 'SUCCESSFUL', 'FAILED'].includes(String(s)))).toBe(true);
      expect(everything.json().meta.total).toBe(everything.json().data.total);
      expect((await get('projects/?my_projects=true', visitor)).statusCode).toBe(401);
    });

    it('paginates with total and pages, and answers a page past the end with no projects', async () => {
      const response = await get('projects/?per_page=1&page=9999', visitor);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.projects).toEqual([]);
      expect(response.json().data.total).toBeGreaterThan(0);
      expect((await get('projects/?per_page=101', visitor)).statusCode).toBe(400);
    });
  });

  describe('permission matrix', () => {
    it('gets each status as DESIGN.md says', async () => {
      const draft = (await sendProject(ctx, 'POST', 'projects/drafts', creator, { title: 'Draft' })).json()
        .data as Project;
      const pending = await createProject(ctx, creator);
      const active = await createProject(ctx, creator, {}, admin);
      const rejected = await createProject(ctx, creator);
      await act(rejected.id, 'revoke', admin);
      const expectations: [Project, Record<string, number>][] = [
        [draft, { visitor: 404, other: 404, creator: 200, admin: 200 }],
        [pending, { visitor: 404, other: 404, creator: 200, admin: 200 }],
        [active, { visitor: 200, other: 200, creator: 200, admin: 200 }],
        [rejected, { visitor: 404, other: 404, creator: 200, admin: 200 }],
      ];
      const who = { visitor, other, creator, admin };
      for (const [project, codes] of expectations) {
        for (const [name, code] of Object.entries(codes)) {
          const response = await get(`projects/${project.id}`, who[name as keyof typeof who]);
          expect([project.status, name, response.statusCode]).toEqual([project.status, name, code]);
          const draftGet = await get(`projects/drafts/${project.id}`, who[name as keyof typeof who]);
          const draftCode = name === 'creator' || name === 'admin' ? 200 : name === 'visitor' ? 401 : 404;
          expect([project.status, 'draft get', name, draftGet.statusCode]).toEqual([
            project.status,
            'draft get',
            name,
            draftCode,
          ]);
        }
      }
    });

    it('lets only the creator update, and only admins activate, revoke and feature', async () => {
      const project = await createProject(ctx, creator);
      const update = (headers: Headers) =>
        sendProject(ctx, 'PUT', `projects/${project.id}`, headers, { title: 'Renamed' });
      expect((await update(visitor)).statusCode).toBe(401);
      expect((await update(other)).statusCode).toBe(404);
      expect((await update(admin)).statusCode).toBe(403);
      expect((await update(creator)).statusCode).toBe(200);

      for (const action of ['activate', 'feature', 'revoke']) {
        expect((await act(project.id, action, visitor)).statusCode).toBe(401);
        expect((await act(project.id, action, other)).statusCode).toBe(403);
        expect((await act(project.id, action, creator)).statusCode).toBe(403);
      }
      expect((await act(project.id, 'activate', admin)).statusCode).toBe(200);
      const featured = await act(project.id, 'feature', admin);
      expect(featured.json()).toMatchObject({
        message: 'Project featured successfully',
        data: { featured: true },
      });
      const unfeatured = await act(project.id, 'feature', admin);
      expect(unfeatured.json()).toMatchObject({
        message: 'Project unfeatured successfully',
        data: { featured: false },
      });
      expect((await act(project.id, 'revoke', admin)).statusCode).toBe(200);
    });

    it('answers project roles for the creator and others', async () => {
      const project = await createProject(ctx, creator, {}, admin);
      expect((await get(`projects/${project.id}/roles`, creator)).json()).toEqual({
        data: { roles: ['creator'], isCreator: true, my_permissions: [] },
      });
      expect((await get(`projects/${project.id}/roles`, other)).json()).toEqual({
        data: { roles: [], isCreator: false, my_permissions: [] },
      });
      expect((await get(`projects/${project.id}/roles`, visitor)).json()).toEqual({
        data: { roles: [], isCreator: false, my_permissions: [] },
      });
    });

    it('lets only admins manage categories', async () => {
      const create = (headers: Headers, name: string) =>
        ctx.app.inject({ method: 'POST', url: '/api/v1/categories/', headers, payload: { name } });
      expect((await create(visitor, 'Robotics')).statusCode).toBe(401);
      expect((await create(other, 'Robotics')).statusCode).toBe(403);
      expect((await create(creator, 'Robotics')).statusCode).toBe(403);
      const created = await create(admin, 'Robotics');
      expect(created.statusCode).toBe(201);
      expect((await create(admin, 'robotics')).statusCode).toBe(409);
      const id = created.json().data.id as number;
      const renamed = await ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/categories/${id}`,
        headers: admin,
        payload: { name: 'Robots' },
      });
      expect(renamed.json()).toEqual({ data: { id, name: 'Robots' } });
      expect(
        (await ctx.app.inject({ method: 'DELETE', url: `/api/v1/categories/${id}`, headers: other }))
          .statusCode,
      ).toBe(403);
      expect(
        (await ctx.app.inject({ method: 'DELETE', url: `/api/v1/categories/${id}`, headers: admin }))
          .statusCode,
      ).toBe(200);
      const used = (await createProject(ctx, creator)).category_id!;
      expect(
        (await ctx.app.inject({ method: 'DELETE', url: `/api/v1/categories/${used}`, headers: admin }))
          .statusCode,
      ).toBe(409);
    });
  });

  const create = async (overrides: Record<string, string>) =>
    sendProject(ctx, 'POST', 'projects', creator, await projectFields(ctx, overrides));

  describe('rules the server enforces', () => {
    it('answers every SPEC §5 project-form message', async () => {
      const empty = await sendProject(ctx, 'POST', 'projects', creator, { featured: 'false' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().details).toEqual({
        title: [inEnglish(PROJECT_MESSAGES.titleRequired)],
        category_id: [inEnglish(PROJECT_MESSAGES.categoryRequired)],
        goal_amount: [inEnglish(PROJECT_MESSAGES.goalRequired)],
        start_date: [inEnglish(PROJECT_MESSAGES.startRequired)],
        end_date: [inEnglish(PROJECT_MESSAGES.endRequired)],
        description: [inEnglish(PROJECT_MESSAGES.descriptionRequired)],
        risk_and_challenges: [inEnglish(PROJECT_MESSAGES.risksRequired)],
      });
      expect((await sendProject(ctx, 'POST', 'projects/drafts', creator, {})).json().details).toEqual({
        title: [inEnglish(PROJECT_MESSAGES.titleRequired)],
      });
      const cases: [Record<string, string>, string, string][] = [
        [{ start_date: inDays(-1) }, 'start_date', inEnglish(PROJECT_MESSAGES.startPast)],
        [{ end_date: inDays(0) }, 'end_date', inEnglish(PROJECT_MESSAGES.endBeforeStart)],
        [{ start_date: inDays(1), end_date: inDays(92) }, 'end_date', inEnglish(PROJECT_MESSAGES.tooLong)],
        [{ goal_amount: '0' }, 'goal_amount', inEnglish(PROJECT_MESSAGES.goalPositive)],
        [{ goal_amount: '-5' }, 'goal_amount', inEnglish(PROJECT_MESSAGES.goalPositive)],
        [{ goal_amount: 'lots' }, 'goal_amount', inEnglish(PROJECT_MESSAGES.goalPositive)],
        [{ goal_amount: '10.005' }, 'goal_amount', inEnglish(PROJECT_MESSAGES.goalDecimals)],
        [
          { description: '<p> </p><p><br></p>' },
          'description',
          inEnglish(PROJECT_MESSAGES.descriptionRequired),
        ],
        [{ image_url: 'https://example.com/page' }, 'image_url', inEnglish(PROJECT_MESSAGES.imageUrl)],
        [
          { video_url: 'https://dailymotion.com/video/x1' },
          'video_url',
          inEnglish(PROJECT_MESSAGES.videoHost),
        ],
        [{ category_id: '999999' }, 'category_id', 'This category does not exist'],
      ];
      for (const [overrides, field, message] of cases) {
        const response = await create(overrides);
        expect([field, response.statusCode, response.json().details?.[field]]).toEqual([
          field,
          400,
          [message],
        ]);
      }
      expect((await create({ start_date: inDays(1), end_date: inDays(91) })).statusCode).toBe(201);
    });

    it('never lets the client set status, featured, amounts or the creator', async () => {
      expect((await create({ status: 'ACTIVE' })).statusCode).toBe(400);
      for (const field of ['current_amount', 'creator_id', 'backers_count']) {
        const response = await create({ [field]: '999' });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(`Unknown field: ${field}`);
      }
      const wantsFeature = (await create({ featured: 'true' })).json().data as Project;
      expect([wantsFeature.featured, wantsFeature.featured_requested]).toEqual([false, true]);
      const draft = await sendProject(ctx, 'POST', 'projects/drafts', creator, {
        title: 'x',
        status: 'PENDING',
      });
      expect(draft.statusCode).toBe(400);
    });

    it('sanitises description and risks before storing them', async () => {
      const dirty = await create({
        description:
          '<p onclick="steal()">Hello<script>alert(1)</script> <a href="javascript:alert(1)">click</a> <img src="x" onerror="alert(1)"><img src="https://cdn.example/ok.png"></p><iframe src="https://evil.example"></iframe>',
        risk_and_challenges:
          '<p class="ql-indent-2 evil">Risky <a href="https://safe.example">link</a></p><style>body{}</style>',
      });
      const project = dirty.json().data as Project;
      expect(project.description).toBe(
        '<p>Hello <a target="_blank" rel="noopener noreferrer nofollow">click</a> <img src="x" /><img src="https://cdn.example/ok.png" /></p>',
      );
      expect(project.description).not.toMatch(/script|onclick|onerror|javascript|iframe/);
      expect(project.risks_and_challenges).toBe(
        '<p class="ql-indent-2">Risky <a href="https://safe.example" target="_blank" rel="noopener noreferrer nofollow">link</a></p>',
      );
      const row = await ctx.database.db
        .selectFrom('projects')
        .select('description')
        .where('id', '=', project.id)
        .executeTakeFirstOrThrow();
      expect(row.description).toBe(project.description);
    });

    it('locks goal, start date and funding model once live and only lets the end date move later', async () => {
      const live = await createProject(ctx, creator, { end_date: inDays(30) }, admin);
      const edit = (fields: Record<string, string>) =>
        sendProject(ctx, 'PUT', `projects/${live.id}`, creator, fields);
      expect((await edit({ goal_amount: '9000' })).json().details).toEqual({
        goal_amount: ['The goal cannot change once the campaign is live'],
      });
      expect((await edit({ start_date: inDays(2) })).statusCode).toBe(400);
      expect((await edit({ funding_model: 'flexible' })).statusCode).toBe(400);
      expect((await edit({ end_date: inDays(20) })).json().details.end_date).toEqual([
        'The end date of a live campaign can only move later',
      ]);
      expect((await edit({ end_date: inDays(95) })).json().details.end_date).toEqual([
        inEnglish(PROJECT_MESSAGES.tooLong),
      ]);
      const later = await edit({ end_date: inDays(45), goal_amount: '5000', title: 'Still editable' });
      expect(later.statusCode).toBe(200);
      expect(later.json().data).toMatchObject({ end_date: inDays(45), title: 'Still editable' });

      await act(live.id, 'revoke', admin);
      expect((await edit({ title: 'Nope' })).statusCode).toBe(409);
    });
  });

  describe('media', () => {
    it('stores an uploaded image re-encoded with a card-sized variant', async () => {
      const response = await sendNewProject(ctx, creator, { imageType: 'file' }, [
        { field: 'image_file', filename: 'cover.png', contentType: 'image/png', bytes: await coverPng() },
      ]);
      expect(response.statusCode).toBe(201);
      const project = response.json().data as Project;
      expect(project.image_url).toMatch(/^\/uploads\/projects\/[\w-]+\.webp$/);
      expect(project.image_card_url).toMatch(/^\/uploads\/projects\/cards\/[\w-]+\.webp$/);
      const card = await ctx.app.inject(project.image_card_url!);
      expect(await sharp(card.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 640,
        height: 360,
      });
    });

    it('refuses images and videos by their bytes and size', async () => {
      const send = async (field: string, filename: string, contentType: string, bytes: Buffer) =>
        sendNewProject(ctx, creator, {}, [{ field, filename, contentType, bytes }]);
      const textAsJpg = await send('image_file', 'photo.jpg', 'image/jpeg', Buffer.from('hello, I am text'));
      expect([textAsJpg.statusCode, textAsJpg.json().message]).toEqual([
        415,
        inEnglish(PROJECT_MESSAGES.imageType),
      ]);
      const svg = await send(
        'image_file',
        'x.svg',
        'image/svg+xml',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      );
      expect([svg.statusCode, svg.json().message]).toEqual([415, inEnglish(PROJECT_MESSAGES.imageType)]);
      const big = await send(
        'image_file',
        'big.png',
        'image/png',
        Buffer.concat([await coverPng(), Buffer.alloc(6 * 1024 * 1024)]),
      );
      expect([big.statusCode, big.json().message]).toEqual([413, inEnglish(PROJECT_MESSAGES.imageSize)]);
      const pngAsMp4 = await send('video_file', 'clip.mp4', 'video/mp4', await coverPng());
      expect([pngAsMp4.statusCode, pngAsMp4.json().message]).toEqual([
        415,
        inEnglish(PROJECT_MESSAGES.videoType),
      ]);
    });

    it('stores an uploaded video and serves it with Range support', async () => {
      const mp4 = mp4Bytes(50_000);
      const response = await sendNewProject(ctx, creator, { videoType: 'file' }, [
        { field: 'video_file', filename: 'clip.mp4', contentType: 'video/mp4', bytes: mp4 },
      ]);
      expect(response.statusCode).toBe(201);
      const url = (response.json().data as Project).video_url!;
      expect(url).toMatch(/^\/uploads\/videos\/[\w-]+\.mp4$/);
      const partial = await ctx.app.inject({ url, headers: { range: 'bytes=0-99' } });
      expect(partial.statusCode).toBe(206);
      expect(partial.headers['content-range']).toBe(`bytes 0-99/${mp4.length}`);
      expect(partial.rawPayload.length).toBe(100);
    });

    it('refuses a video over 100 MB with the video size message, sent whole or as a stream', async () => {
      const big = { field: 'video_file', filename: 'big.mp4', contentType: 'video/mp4' };
      const whole = await sendNewProject(ctx, creator, { videoType: 'file' }, [
        { ...big, bytes: mp4Bytes(MAX_VIDEO_BYTES + 1) },
      ]);
      expect([whole.statusCode, whole.json().message]).toEqual([413, inEnglish(PROJECT_MESSAGES.videoSize)]);

      const body = multipart(await projectFields(ctx, { videoType: 'file' }), [
        { ...big, bytes: mp4Bytes(MAX_VIDEO_BYTES + 1) },
      ]);
      const inChunks = (async function* () {
        for (let offset = 0; offset < body.payload.length; offset += 64 * 1024)
          yield body.payload.subarray(offset, offset + 64 * 1024);
      })();
      const streamed = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/projects',
        headers: { ...creator, ...body.headers },
        payload: Readable.from(inChunks),
      });
      expect([streamed.statusCode, streamed.json().message]).toEqual([
        413,
        inEnglish(PROJECT_MESSAGES.videoSize),
      ]);
    });

    it('accepts YouTube and Vimeo links and image URLs with an extension or from the image hosts', async () => {
      for (const video_url of [
        'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        'https://youtu.be/dQw4w9WgXcQ',
        'https://vimeo.com/76979871',
      ]) {
        expect((await create({ video_url })).statusCode).toBe(201);
      }
      for (const image_url of [
        'https://cdn.example/pic.JPG',
        'https://images.unsplash.com/photo-123',
        'https://i.imgur.com/abc',
      ]) {
        expect((await create({ image_url })).statusCode).toBe(201);
      }
    });
  });
});
