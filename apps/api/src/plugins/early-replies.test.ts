import net, { type AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, PROFILE_PHOTO_MESSAGES, PROJECT_MESSAGES } from '@fundry/shared';
import { createTestApp, type TestContext } from '../test/app';
import { signedInUser } from '../test/auth-helpers';
import { databaseKinds } from '../test/databases';
import { keepAliveClient } from '../test/keep-alive-client';
import { multipart, type FilePart } from '../test/multipart';
import { coverPng, mp4Bytes, projectFields } from '../test/projects';
import { startS3Server, type TestS3Server } from '../test/s3-server';
import { earlyReplies } from './early-replies';
import { inEnglish } from '../test/i18n';

const SIX_MB = 6 * 1024 * 1024;
const oversizedImage = (field: string): FilePart => ({
  field,
  filename: 'huge.png',
  contentType: 'image/png',
  bytes: Buffer.alloc(SIX_MB, 1),
});
// Not an image, and a video after it that the server never gets to read.
const notAnImage = (field: string): FilePart[] => [
  { field, filename: 'notes.png', contentType: 'image/png', bytes: Buffer.alloc(200_000, 'x') },
  { field: 'video_file', filename: 'clip.mp4', contentType: 'video/mp4', bytes: mp4Bytes(3 * 1024 * 1024) },
];

const coverPart = (bytes: Buffer): FilePart => ({
  field: 'image_file',
  filename: 'cover.png',
  contentType: 'image/png',
  bytes,
});

/**
 * Writes a refused request and a health check right behind it on one connection, by hand so that no client
 * can quietly open a second one, and answers the statuses that came back on it.
 */
function statusesOnOneConnection(port: number, path: string, headers: Record<string, string>, body: Buffer) {
  const lines = Object.entries({ ...headers, host: 'localhost', 'content-length': body.length });
  const socket = net.connect(port, '127.0.0.1');
  socket.write(
    `POST ${path} HTTP/1.1\r\n${lines.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`,
  );
  socket.write(body);
  socket.write('GET /healthz HTTP/1.1\r\nhost: localhost\r\n\r\n');
  return new Promise<number[]>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`one answer only: ${text.slice(0, 200)}`)), 2_000);
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const found = [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
      if (found.length === 2) {
        clearTimeout(timer);
        resolve(found);
      }
    });
  }).finally(() => socket.destroy());
}

describe.each([
  { storage: 'the local folder', s3: false },
  { storage: 'an S3-compatible bucket', s3: true },
])('a refused upload leaves the connection usable (uploads in $storage)', ({ s3: withS3 }) => {
  let s3: TestS3Server | undefined;
  let ctx: TestContext;
  let client: ReturnType<typeof keepAliveClient>;
  let auth: Record<string, string>;
  let cover: Buffer;
  let port: number;

  beforeAll(async () => {
    s3 = withS3 ? await startS3Server() : undefined;
    ctx = await createTestApp('pglite', s3?.env() ?? {});
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    ({ port } = ctx.app.server.address() as AddressInfo);
    client = keepAliveClient(`http://127.0.0.1:${port}`);
    auth = (await signedInUser(ctx, { email: 'ada@example.test' })).headers;
    cover = await coverPng();
  });
  afterAll(async () => {
    client.close();
    await ctx.close();
    await s3?.close();
  });

  const sendForm = async (
    method: 'POST' | 'PUT',
    path: string,
    headers: Record<string, string>,
    fields: Record<string, string>,
    files: FilePart[],
  ) => {
    const body = multipart(fields, files);
    return client.send(method, path, { ...headers, ...body.headers }, body.payload);
  };
  const newProject = async (headers: Record<string, string>, files: FilePart[]) =>
    sendForm('POST', '/api/v1/projects', headers, await projectFields(ctx, { imageType: 'file' }), files);

  /** Two good uploads after a refused one, each answered within the client's second. */
  const expectTwoGoodProjects = async () => {
    for (let i = 0; i < 2; i += 1) {
      const answer = await newProject(auth, [coverPart(cover)]);
      expect(answer.status, answer.body).toBe(201);
    }
  };

  it('serves the next project forms after a 6 MB cover image (413)', async () => {
    const refused = await newProject(auth, [oversizedImage('image_file')]);
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toMatchObject({ message: inEnglish(PROJECT_MESSAGES.imageSize) });
    await expectTwoGoodProjects();
  });

  it('serves the next project forms after a file that is not an image (415)', async () => {
    const refused = await newProject(auth, notAnImage('image_file'));
    expect(refused.status).toBe(415);
    await expectTwoGoodProjects();
  });

  it('serves the next project forms after an upload without signing in (401)', async () => {
    const refused = await newProject({}, [oversizedImage('image_file')]);
    expect(refused.status).toBe(401);
    await expectTwoGoodProjects();
  });

  it('answers a request sent right behind a refused upload on the same connection', async () => {
    const form = multipart(await projectFields(ctx, { imageType: 'file' }), [oversizedImage('image_file')]);
    const statuses = await statusesOnOneConnection(
      port,
      '/api/v1/projects',
      { ...auth, ...form.headers },
      form.payload,
    );
    expect(statuses).toEqual([413, 200]);
  });

  it('serves the next profile forms after a refused photo (413, 415, 401)', async () => {
    const photo = (bytes: Buffer): FilePart => ({
      field: 'profile_image',
      filename: 'me.png',
      contentType: 'image/png',
      bytes,
    });
    const refusals = [
      {
        headers: auth,
        files: [oversizedImage('profile_image')],
        status: 413,
        message: inEnglish(PROFILE_PHOTO_MESSAGES.size),
      },
      { headers: auth, files: notAnImage('profile_image').slice(0, 1), status: 415 },
      { headers: {}, files: [oversizedImage('profile_image')], status: 401 },
    ];
    for (const refusal of refusals) {
      const refused = await sendForm(
        'PUT',
        '/api/v1/profile',
        refusal.headers,
        { full_name: 'Ada Lovelace', email: 'ada@example.test' },
        refusal.files,
      );
      expect(refused.status, refused.body).toBe(refusal.status);
      if (refusal.message) expect(JSON.parse(refused.body)).toMatchObject({ message: refusal.message });
      for (let i = 0; i < 2; i += 1) {
        const saved = await sendForm(
          'PUT',
          '/api/v1/profile',
          auth,
          { full_name: 'Ada Lovelace', email: 'ada@example.test' },
          [photo(cover)],
        );
        expect(saved.status, saved.body).toBe(200);
      }
    }
  });
});

describe.each(databaseKinds)(
  'a client that sends its body without waiting for 100 Continue (fetch) on %s',
  (kind) => {
    let ctx: TestContext;
    let base: string;
    let port: number;
    let user: Awaited<ReturnType<typeof signedInUser>>;
    beforeAll(async () => {
      ctx = await createTestApp(kind);
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      ({ port } = ctx.app.server.address() as AddressInfo);
      base = `http://127.0.0.1:${port}`;
      user = await signedInUser(ctx, { email: 'grace@example.test' });
    });
    afterAll(() => ctx.close());

    interface Post {
      path: string;
      headers: Record<string, string>;
      body: Buffer;
    }
    const post = ({ path, headers, body }: Post) =>
      fetch(`${base}${path}`, { method: 'POST', headers, body });
    const signIn = (password: string): Post => ({
      path: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ email: user.user.email, password })),
    });
    /** Three times the JSON body limit: within what the app drains, so answered on a connection kept open. */
    const hugeSignIn = () => signIn('x'.repeat(3 * 1024 * 1024));

    /** A 413 the client can read, on a connection it was not told to drop. */
    const expectReadable413 = async (answer: Response, message: string) => {
      expect(answer.status).toBe(413);
      expect(answer.headers.get('connection')).not.toBe('close');
      expect(errorBodySchema.parse(await answer.json())).toMatchObject({
        error: 'PAYLOAD_TOO_LARGE',
        message,
      });
    };

    it('gets a readable 413 for a 3 MB sign-in, and signs in next', async () => {
      await expectReadable413(await post(hugeSignIn()), 'The request body is too large');
      const signedIn = await post(signIn(user.user.password));
      expect(signedIn.status, await signedIn.clone().text()).toBe(200);
      expect(await signedIn.json()).toHaveProperty('access_token');
    });

    it('gets a readable 413 for a 6 MB cover image, and creates the project next', async () => {
      const form = async (files: FilePart[]): Promise<Post> => {
        const body = multipart(await projectFields(ctx, { imageType: 'file' }), files);
        return {
          path: '/api/v1/projects',
          headers: { ...user.headers, ...body.headers },
          body: body.payload,
        };
      };
      await expectReadable413(
        await post(await form([oversizedImage('image_file')])),
        inEnglish(PROJECT_MESSAGES.imageSize),
      );
      const created = await post(await form([coverPart(await coverPng())]));
      expect(created.status, await created.clone().text()).toBe(201);
    });

    it('answers a request sent right behind a 3 MB sign-in on the same connection', async () => {
      const { path, headers, body } = hugeSignIn();
      expect(await statusesOnOneConnection(port, path, headers, body)).toEqual([413, 200]);
    });
  },
);

describe('a refused body larger than anything the app accepts', () => {
  const LIMIT = 64 * 1024;
  /** A route that refuses at once, before reading its body, as an upload without sign-in is. */
  const refusingApp = async () => {
    const app = Fastify();
    await app.register(earlyReplies, { drainLimitBytes: LIMIT });
    app.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null));
    app.post('/upload', { preValidation: async (_request, reply) => reply.code(401).send() }, () => 'never');
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, port: (app.server.address() as AddressInfo).port };
  };
  /** Sends `head` and then `body` in pieces until the server has answered and closed the connection. */
  const exchange = (port: number, head: string, piece: Buffer) =>
    new Promise<{ answer: string; closed: boolean }>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      const writer = setInterval(() => socket.writable && socket.write(piece), 5);
      const done = (closed: boolean) => {
        clearInterval(writer);
        clearTimeout(timer);
        socket.destroy();
        resolve({ answer, closed });
      };
      const timer = setTimeout(() => done(false), 2_000);
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      socket.on('error', () => undefined);
      socket.on('close', () => done(true));
      socket.write(head);
    });

  it('is answered with Connection: close when its declared length is over the limit', async () => {
    const { app, port } = await refusingApp();
    try {
      const head = `POST /upload HTTP/1.1\r\nhost: x\r\ncontent-type: application/octet-stream\r\ncontent-length: ${LIMIT * 100}\r\n\r\n`;
      const { answer, closed } = await exchange(port, head, Buffer.alloc(16 * 1024));
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(answer.toLowerCase()).toContain('connection: close');
      expect(closed).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('has its connection cut when a body of unknown length keeps coming past the limit', async () => {
    const { app, port } = await refusingApp();
    try {
      const head =
        'POST /upload HTTP/1.1\r\nhost: x\r\ncontent-type: application/octet-stream\r\ntransfer-encoding: chunked\r\n\r\n';
      const piece = Buffer.concat([Buffer.from('4000\r\n'), Buffer.alloc(0x4000, 1), Buffer.from('\r\n')]);
      const { answer, closed } = await exchange(port, head, piece);
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(closed).toBe(true);
    } finally {
      await app.close();
    }
  });
});
