import { existsSync } from 'node:fs';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@fundry/shared';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { coverPng, mp4Bytes, sendNewProject } from '../../test/projects';
import { freePort } from '../../test/free-port';
import { S3RVER_CREDENTIALS, startS3Server, type TestS3Server } from '../../test/s3-server';

describe('uploads in an S3-compatible bucket', () => {
  let s3: TestS3Server;
  let ctx: TestContext;
  let bucket: Record<string, string>;
  let creator: Record<string, string>;
  let client: S3Client;
  let video: { url: string; bytes: Buffer };

  beforeAll(async () => {
    s3 = await startS3Server();
    bucket = s3.env();
    ctx = await createTestApp('pglite', bucket);
    creator = (await signedInUser(ctx)).headers;
    client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });

    // Enough for the bucket to take it in two parts, with a recognisable end.
    const bytes = Buffer.concat([mp4Bytes(6 * 1024 * 1024), Buffer.from('the end')]);
    const response = await sendNewProject(ctx, creator, { videoType: 'file' }, [
      { field: 'video_file', filename: 'clip.mp4', contentType: 'video/mp4', bytes },
    ]);
    if (response.statusCode !== 201) throw new Error(`video upload failed: ${response.body}`);
    video = { url: (response.json().data as Project).video_url!, bytes };
  });
  afterAll(async () => {
    client.destroy();
    await ctx.close();
    await s3.close();
  });

  const keyOf = (url: string) => url.slice('/uploads/'.length);
  const inBucket = async (url: string) => {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket.S3_BUCKET, Key: keyOf(url) }));
    return Buffer.from(await object.Body!.transformToByteArray());
  };

  it('stores a project cover in the bucket and serves it back from /uploads/', async () => {
    const cover = await coverPng();
    const response = await sendNewProject(ctx, creator, { imageType: 'file' }, [
      { field: 'image_file', filename: 'cover.png', contentType: 'image/png', bytes: cover },
    ]);
    expect(response.statusCode).toBe(201);
    const project = response.json().data as Project;
    expect(project.image_url).toMatch(/^\/uploads\/projects\/[\w-]+\.webp$/);

    for (const url of [project.image_url!, project.image_card_url!]) {
      const served = await ctx.app.inject(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers).toMatchObject({
        'content-type': 'image/webp',
        'content-length': String(served.rawPayload.length),
        'cache-control': 'public, max-age=604800, immutable',
        'accept-ranges': 'bytes',
      });
      expect(served.headers.etag).toMatch(/^"[0-9a-f]+"$/);
      expect(new Date(served.headers['last-modified']!).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(served.rawPayload.equals(await inBucket(url))).toBe(true);
      expect(existsSync(path.join(ctx.config.uploadsDir, keyOf(url)))).toBe(false);
    }
    const card = await ctx.app.inject(project.image_card_url!);
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 640,
      height: 360,
    });
  });

  it('streams a video into the bucket and serves it whole', async () => {
    expect(video.url).toMatch(/^\/uploads\/videos\/[\w-]+\.mp4$/);
    expect(existsSync(path.join(ctx.config.uploadsDir, keyOf(video.url)))).toBe(false);
    const served = await ctx.app.inject(video.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.headers['content-length']).toBe(String(video.bytes.length));
    expect(served.rawPayload.equals(video.bytes)).toBe(true);
  });

  it('answers Range requests with the bytes asked for', async () => {
    const size = video.bytes.length;
    const cases = [
      ['bytes=0-99', 0, 99],
      ['bytes=5000000-5300000', 5_000_000, 5_300_000],
      ['bytes=-7', size - 7, size - 1],
      [`bytes=${size - 3}-`, size - 3, size - 1],
      [`bytes=10-${size + 100}`, 10, size - 1],
    ] as const;
    for (const [range, start, end] of cases) {
      const partial = await ctx.app.inject({ url: video.url, headers: { range } });
      expect(partial.statusCode, range).toBe(206);
      expect(partial.headers['content-range'], range).toBe(`bytes ${start}-${end}/${size}`);
      expect(partial.headers['content-length'], range).toBe(String(end - start + 1));
      expect(partial.headers['content-type'], range).toBe('video/mp4');
      expect(partial.rawPayload.equals(video.bytes.subarray(start, end + 1)), range).toBe(true);
    }
    expect(
      (await ctx.app.inject({ url: video.url, headers: { range: 'bytes=-7' } })).rawPayload.toString(),
    ).toBe('the end');
  });

  it('refuses a range past the end with 416, and answers several ranges with the whole file', async () => {
    const beyond = await ctx.app.inject({
      url: video.url,
      headers: { range: `bytes=${video.bytes.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${video.bytes.length}`);
    expect(beyond.json()).toEqual({ error: 'VALIDATION_ERROR', message: 'Range Not Satisfiable' });

    const several = await ctx.app.inject({ url: video.url, headers: { range: 'bytes=0-1,5-6' } });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.length).toBe(video.bytes.length);
  });

  it('answers HEAD with the headers only, and a current copy with 304', async () => {
    const head = await ctx.app.inject({ method: 'HEAD', url: video.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': String(video.bytes.length),
      'accept-ranges': 'bytes',
      'cache-control': 'public, max-age=604800, immutable',
    });
    expect(head.rawPayload.length).toBe(0);

    const again = await ctx.app.inject({ url: video.url, headers: { 'if-none-match': head.headers.etag! } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers a missing key, or one that climbs into another bucket, with the JSON 404', async () => {
    // Path-style addresses would resolve `..` in a key to a sibling bucket of the same server.
    await client.send(new CreateBucketCommand({ Bucket: 'fundry-private' }));
    await client.send(new PutObjectCommand({ Bucket: 'fundry-private', Key: 'secret.txt', Body: 'secret' }));
    for (const url of [
      '/uploads/projects/00000000-0000-0000-0000-000000000000.webp',
      '/uploads/%2e%2e%2ffundry-private%2fsecret.txt',
      '/uploads/projects/%2e%2e%2f%2e%2e%2ffundry-private%2fsecret.txt',
      '/uploads/.hidden',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await ctx.app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        if (method === 'GET')
          expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'File not found' });
      }
    }
  });
});

describe('an S3-compatible bucket that cannot be reached', () => {
  it('answers 503 on /readyz, uploads and reads while it is away, and recovers when it returns', async () => {
    const port = await freePort();
    const endpoint = `http://127.0.0.1:${port}`;
    const ctx = await createTestApp('pglite', {
      S3_BUCKET: 'fundry-away',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    });
    let s3: TestS3Server | undefined;
    try {
      const creator = (await signedInUser(ctx)).headers;
      const createWithCover = async () =>
        sendNewProject(ctx, creator, { imageType: 'file' }, [
          { field: 'image_file', filename: 'cover.png', contentType: 'image/png', bytes: await coverPng() },
        ]);
      const unavailable = {
        error: 'SERVICE_UNAVAILABLE',
        message: 'File storage cannot be reached right now. Please try again shortly.',
      };

      const ready = await ctx.app.inject('/readyz');
      expect([ready.statusCode, ready.json()]).toEqual([
        503,
        { status: 'unavailable', database: 'up', storage: 'down' },
      ]);
      const read = await ctx.app.inject('/uploads/projects/00000000-0000-0000-0000-000000000000.webp');
      expect([read.statusCode, read.json(), read.headers['retry-after']]).toEqual([503, unavailable, '5']);
      const upload = await createWithCover();
      expect([upload.statusCode, upload.json()]).toEqual([503, unavailable]);
      const stored = await ctx.database.db.selectFrom('projects').select('id').execute();
      expect(stored).toEqual([]);

      s3 = await startS3Server(port);
      expect((await ctx.app.inject('/readyz')).json()).toEqual({
        status: 'ok',
        database: 'up',
        storage: 'up',
      });
      const created = await createWithCover();
      expect(created.statusCode).toBe(201);
      const served = await ctx.app.inject((created.json().data as Project).image_url!);
      expect(served.statusCode).toBe(200);
    } finally {
      await ctx.close();
      await s3?.close();
    }
  });
});
