import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../errors';
import type { ReadConditions, S3FileStorage, StoredFile } from './s3-storage';
import { isStorageKey, UPLOADS_PREFIX } from './storage';

// As the local folder is served: every upload gets a new key, so a stored file never changes.
const CACHE_CONTROL = 'public, max-age=604800, immutable';

interface RequestedRange {
  first: number | undefined;
  last: number | undefined;
}

/**
 * Serves `/uploads/*` from the bucket through the app, so addresses, the `'self'` content policy and
 * caching are the same as with the local folder, and videos play with Range requests.
 */
export const s3UploadRoutes: FastifyPluginAsync<{ storage: S3FileStorage }> = async (app, { storage }) => {
  app.route({
    method: ['GET', 'HEAD'],
    url: `${UPLOADS_PREFIX}*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!isStorageKey(key)) throw notFound('file');
      const conditions = readConditions(request);
      const range = request.method === 'GET' ? parseRange(request.headers.range) : undefined;

      if (request.method === 'GET' && !range) {
        const file = await storage.open(key, conditions);
        if (file === 'missing') throw notFound('file');
        if (file === 'not-modified') return notModified(reply);
        return withFileHeaders(reply, file).send(file.body);
      }

      // HEAD needs only the details, and a range needs the size before it can be checked.
      const file = await storage.stat(key, conditions);
      if (file === 'missing') throw notFound('file');
      if (file === 'not-modified') return notModified(reply);
      if (!range) return withFileHeaders(reply, file).send();
      const bytes = satisfiableRange(range, file.contentLength);
      if (!bytes) {
        void reply.header('content-range', `bytes */${file.contentLength}`);
        // The error handler writes a 4xx error's message, here a catalog key, in the caller's language.
        throw Object.assign(new Error('api.media.rangeNotSatisfiable'), { statusCode: 416 });
      }
      const part = await storage.open(key, { ifNoneMatch: undefined, ifModifiedSince: undefined }, bytes);
      if (part === 'missing' || part === 'not-modified') throw notFound('file');
      return withFileHeaders(reply, part)
        .code(206)
        .header('content-range', `bytes ${bytes.start}-${bytes.end}/${file.contentLength}`)
        .send(part.body);
    },
  });
};

function readConditions(request: FastifyRequest): ReadConditions {
  const since = request.headers['if-modified-since'];
  const sinceDate = since ? new Date(since) : undefined;
  return {
    ifNoneMatch: request.headers['if-none-match'],
    ifModifiedSince: sinceDate && !Number.isNaN(sinceDate.getTime()) ? sinceDate : undefined,
  };
}

function withFileHeaders(reply: FastifyReply, file: StoredFile) {
  void reply
    .type(file.contentType)
    .header('content-length', file.contentLength)
    .header('accept-ranges', 'bytes')
    .header('cache-control', CACHE_CONTROL);
  if (file.etag) void reply.header('etag', file.etag);
  if (file.lastModified) void reply.header('last-modified', file.lastModified.toUTCString());
  return reply;
}

function notModified(reply: FastifyReply) {
  return reply.code(304).header('cache-control', CACHE_CONTROL).send();
}

/** One `bytes=` range; anything else (several ranges, other units, bad syntax) is answered with the whole file. */
function parseRange(header: string | undefined): RequestedRange | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  return {
    first: match[1] ? Number(match[1]) : undefined,
    last: match[2] ? Number(match[2]) : undefined,
  };
}

/** The inclusive byte positions a range asks for in a file of `size` bytes, or null when none of them exist. */
function satisfiableRange({ first, last }: RequestedRange, size: number) {
  if (first === undefined) {
    // `bytes=-N`: the last N bytes.
    if (!last || size === 0) return null;
    return { start: Math.max(0, size - last), end: size - 1 };
  }
  if (first >= size || (last !== undefined && last < first)) return null;
  return { start: first, end: Math.min(last ?? size - 1, size - 1) };
}
