import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port';
import { S3RVER_CREDENTIALS, startS3Server, type TestS3Server } from '../../test/s3-server';
import { S3FileStorage } from './s3-storage';
import { type FileStorage, LocalFileStorage } from './storage';

/** A storage under test, with an independent look at what it really holds. */
interface Backend {
  storage: FileStorage;
  read(key: string): Promise<Buffer | null>;
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

async function localBackend(): Promise<Backend> {
  const root = await mkdtemp(path.join(tmpdir(), 'fundry-storage-'));
  return {
    storage: new LocalFileStorage(root),
    read: (key) => readFile(path.join(root, key)).catch(() => null),
    keys: async () =>
      (await readdir(root, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name))),
    close: () => rm(root, { recursive: true, force: true }),
  };
}

let s3: TestS3Server;

function s3Settings(bucket: string) {
  return { bucket, endpoint: s3.endpoint, region: 'us-east-1', ...S3RVER_CREDENTIALS };
}

function s3Client() {
  return new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
}

const newBucket = () => `fundry-${randomBytes(4).toString('hex')}`;

async function s3Backend(): Promise<Backend> {
  const bucket = newBucket();
  const client = s3Client();
  return {
    storage: new S3FileStorage(s3Settings(bucket)),
    read: async (key) => {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch {
        return null;
      }
    },
    keys: async () => {
      const listing = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listing.Contents ?? []).map((object) => object.Key!);
    },
    close: async () => client.destroy(),
  };
}

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

const newKey = (extension: string) => `videos/${randomBytes(8).toString('hex')}.${extension}`;

/** `total` bytes of a recognisable pattern, in chunks as a network upload would arrive. */
function chunks(total: number, chunkSize = 64 * 1024): Buffer[] {
  const bytes = Buffer.alloc(total);
  for (let index = 0; index < total; index++) bytes[index] = (index * 31) % 251;
  const parts: Buffer[] = [];
  for (let offset = 0; offset < total; offset += chunkSize)
    parts.push(bytes.subarray(offset, offset + chunkSize));
  return parts;
}

function failingAfter(parts: Buffer[], reason: Error) {
  return Readable.from(
    (async function* () {
      yield* parts;
      throw reason;
    })(),
  );
}

// More than one 5 MB part, so the S3 storage uploads in parts.
const LARGE = 6 * 1024 * 1024 + 12_345;

describe.each([
  ['LocalFileStorage', localBackend],
  ['S3FileStorage', s3Backend],
])('%s', (_name, createBackend) => {
  let backend: Backend;

  beforeAll(async () => {
    backend = await createBackend();
  });
  afterAll(() => backend.close());

  it('puts bytes under /uploads/{key}', async () => {
    const key = `projects/cards/${randomBytes(8).toString('hex')}.webp`;
    const bytes = randomBytes(20_000);
    expect(await backend.storage.put(key, bytes, 'image/webp')).toBe(`/uploads/${key}`);
    expect((await backend.read(key))?.equals(bytes)).toBe(true);
  });

  it('streams a large body into one file', async () => {
    const key = newKey('mp4');
    const parts = chunks(LARGE);
    expect(await backend.storage.putStream(key, Readable.from(parts), 'video/mp4')).toBe(`/uploads/${key}`);
    expect((await backend.read(key))?.equals(Buffer.concat(parts))).toBe(true);
  });

  it.each([
    ['early', 100_000],
    ['after a whole part was sent', LARGE],
  ])('leaves nothing behind when the stream fails %s', async (_when, size) => {
    const key = newKey('webm');
    const reason = new Error('the client went away');
    await expect(
      backend.storage.putStream(key, failingAfter(chunks(size), reason), 'video/webm'),
    ).rejects.toBe(reason);
    expect(await backend.read(key)).toBeNull();
    expect(await backend.keys()).not.toContain(key);
  });

  it('removes a stored file and ignores addresses that are not uploads', async () => {
    const key = `avatars/${randomBytes(8).toString('hex')}.webp`;
    const url = await backend.storage.put(key, randomBytes(100), 'image/webp');
    await backend.storage.remove(url);
    expect(await backend.read(key)).toBeNull();
    await expect(backend.storage.remove(url)).resolves.toBeUndefined();
    await expect(backend.storage.remove('https://images.example.com/cover.png')).resolves.toBeUndefined();
  });

  it('reports itself reachable for /readyz', async () => {
    expect(await backend.storage.isReachable()).toBe(true);
  });

  it('refuses keys that climb out of the uploads', async () => {
    await expect(backend.storage.put('../escaped.webp', randomBytes(10), 'image/webp')).rejects.toThrow(
      'Invalid storage key',
    );
    await expect(backend.storage.remove('/uploads/projects/../../secret')).rejects.toThrow(
      'Invalid storage key',
    );
    expect(await backend.keys()).not.toContain('escaped.webp');
  });
});

describe('S3FileStorage and its bucket', () => {
  it('creates a missing bucket on the first write, also when two instances race to it', async () => {
    const bucket = newBucket();
    const client = s3Client();
    await expect(client.send(new HeadBucketCommand({ Bucket: bucket }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 404 },
    });
    const [first, second] = [new S3FileStorage(s3Settings(bucket)), new S3FileStorage(s3Settings(bucket))];
    await Promise.all([
      first.put('projects/a.webp', randomBytes(10), 'image/webp'),
      second.put('projects/b.webp', randomBytes(10), 'image/webp'),
    ]);
    const listing = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
    expect(listing.Contents?.map((object) => object.Key).sort()).toEqual([
      'projects/a.webp',
      'projects/b.webp',
    ]);
    client.destroy();
  });

  it('counts a bucket not made yet as reachable, and a server that does not answer as not', async () => {
    expect(await new S3FileStorage(s3Settings(newBucket())).isReachable()).toBe(true);
    const away = { ...s3Settings(newBucket()), endpoint: `http://127.0.0.1:${await freePort()}` };
    expect(await new S3FileStorage(away).isReachable()).toBe(false);
  });

  it('records the content type of buffered and streamed files', async () => {
    const bucket = newBucket();
    const storage = new S3FileStorage(s3Settings(bucket));
    const client = s3Client();
    await storage.put('projects/cover.webp', randomBytes(10), 'image/webp');
    await storage.putStream('videos/clip.ogv', Readable.from(chunks(1000)), 'video/ogg');
    const typeOf = async (key: string) =>
      (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentType;
    expect([await typeOf('projects/cover.webp'), await typeOf('videos/clip.ogv')]).toEqual([
      'image/webp',
      'video/ogg',
    ]);
    client.destroy();
  });
});
