import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3Server {
  endpoint: string;
  /** The S3_* variables that point the app at a new bucket of this server (created on first write). */
  env(bucket?: string): Record<string, string>;
  close(): Promise<void>;
}

export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A real S3-compatible server (s3rver) on `port` or a free one, keeping its buckets in a temporary folder. */
export async function startS3Server(port = 0): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'fundry-s3-'));
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory });
  const endpoint = `http://127.0.0.1:${(await server.run()).port}`;
  return {
    endpoint,
    env: (bucket = `fundry-${randomBytes(4).toString('hex')}`) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    }),
    close: async () => {
      // The SDK keeps connections alive; closing waits for none of them.
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
