import type { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { AppError, isUnreachableSocketError } from '../../errors';
import { assertStorageKey, type FileStorage, UPLOADS_PREFIX } from './storage';

export interface S3Settings {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

/** What the bucket knows of a stored file; `contentLength` counts the bytes of this answer (a range or all). */
export interface StoredFile {
  contentType: string;
  contentLength: number;
  etag: string | undefined;
  lastModified: Date | undefined;
}

/** A browser's conditional request, passed on so the bucket itself says when its copy is current. */
export interface ReadConditions {
  ifNoneMatch: string | undefined;
  ifModifiedSince: Date | undefined;
}

export type Lookup<T> = T | 'not-modified' | 'missing';

// The smallest part S3 accepts; with two parts in flight a 100 MB video holds at most 10 MB in memory.
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

// Without it a bucket that accepts connections but never answers would hold requests for minutes.
const CONNECT_TIMEOUT_MS = 3_000;

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** The bucket did not answer, or failed on its side: not the request's fault, and worth a retry shortly. */
function isUnavailable(error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined) return status >= 500;
  const { code, name } = error as { code?: string; name?: string };
  return name === 'TimeoutError' || isUnreachableSocketError(code);
}

/** The bucket's outages become the 503 the error handler sends as is; anything else keeps its cause. */
function asStorageError(error: unknown): unknown {
  return isUnavailable(error)
    ? new AppError('SERVICE_UNAVAILABLE', 'api.media.storageUnreachable', undefined, { 'retry-after': '5' })
    : error;
}

/** Uploads in an S3-compatible bucket, for instances that share no disk. Public addresses stay `/uploads/{key}`. */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private bucketReady: Promise<void> | undefined;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      // Self-hosted servers (MinIO, s3rver, …) answer on one host name, not a sub-domain per bucket.
      forcePathStyle: settings.endpoint !== undefined,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // The SDK's default checksums stream in a chunked encoding that many S3-compatible servers store verbatim.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS },
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<string> {
    assertStorageKey(key);
    try {
      await this.ensureBucket();
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
      );
    } catch (error) {
      throw asStorageError(error);
    }
    return `${UPLOADS_PREFIX}${key}`;
  }

  async putStream(key: string, body: Readable, contentType: string): Promise<string> {
    assertStorageKey(key);
    await this.ensureBucket().catch((error: unknown) => {
      throw asStorageError(error);
    });
    let bodyError: unknown;
    body.once('error', (error) => (bodyError = error));
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      body.destroy();
      // The upload aborts its parts on failure; when that abort fails too, the stream's own error is still the reason.
      throw bodyError ?? asStorageError(error);
    }
    return `${UPLOADS_PREFIX}${key}`;
  }

  async remove(publicUrl: string): Promise<void> {
    if (!publicUrl.startsWith(UPLOADS_PREFIX)) return;
    const key = publicUrl.slice(UPLOADS_PREFIX.length);
    assertStorageKey(key);
    await this.client
      .send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))
      .catch((error: unknown) => {
        throw asStorageError(error);
      });
  }

  /** A bucket not made yet still counts: the first write creates it. */
  async isReachable(): Promise<boolean> {
    return this.client.send(new HeadBucketCommand({ Bucket: this.bucket })).then(
      () => true,
      (error: unknown) => statusOf(error) === 404,
    );
  }

  /** The file's details without its bytes. */
  async stat(key: string, conditions: ReadConditions): Promise<Lookup<StoredFile>> {
    return this.lookup(async () => {
      const head = await this.client.send(
        new HeadObjectCommand({
          Bucket: this.bucket,
          Key: key,
          IfNoneMatch: conditions.ifNoneMatch,
          IfModifiedSince: conditions.ifModifiedSince,
        }),
      );
      return storedFile(head);
    });
  }

  /** The file's bytes as a stream, all of them or the inclusive byte range asked for. */
  async open(
    key: string,
    conditions: ReadConditions,
    range?: { start: number; end: number },
  ): Promise<Lookup<StoredFile & { body: Readable }>> {
    return this.lookup(async () => {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          IfNoneMatch: conditions.ifNoneMatch,
          IfModifiedSince: conditions.ifModifiedSince,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return { ...storedFile(object), body: object.Body as Readable };
    });
  }

  private async lookup<T>(read: () => Promise<T>): Promise<Lookup<T>> {
    try {
      return await read();
    } catch (error) {
      if (statusOf(error) === 304) return 'not-modified';
      if (statusOf(error) === 404) return 'missing';
      throw asStorageError(error);
    }
  }

  /** Creates the bucket before the first write of this process when it does not exist yet. */
  private ensureBucket(): Promise<void> {
    this.bucketReady ??= this.createBucketIfMissing().catch((error: unknown) => {
      this.bucketReady = undefined;
      throw error;
    });
    return this.bucketReady;
  }

  private async createBucketIfMissing() {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return;
    } catch (error) {
      if (statusOf(error) !== 404) throw error;
    }
    try {
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      // Another instance made it in the meantime.
      const name = (error as { name?: string }).name;
      if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw error;
    }
  }
}

function storedFile(object: {
  ContentType?: string;
  ContentLength?: number;
  ETag?: string;
  LastModified?: Date;
}): StoredFile {
  return {
    contentType: object.ContentType ?? 'application/octet-stream',
    contentLength: object.ContentLength ?? 0,
    etag: object.ETag,
    lastModified: object.LastModified,
  };
}
