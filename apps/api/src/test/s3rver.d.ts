// s3rver ships no types; this is the part of it the tests use.
declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  export default class S3rver {
    constructor(options: { port?: number; address?: string; silent?: boolean; directory: string });
    httpServer: Server | undefined;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
