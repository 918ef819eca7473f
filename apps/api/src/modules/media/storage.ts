import { constants, createWriteStream } from 'node:fs';
import { access, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export const UPLOADS_PREFIX = '/uploads/';

// Folders and file names of word characters, dots and dashes; no segment starts with a dot, so no `..`.
const STORAGE_KEY = /^(?:[\w-][\w.-]*\/)*[\w-][\w.-]*$/;

export const isStorageKey = (key: string) => STORAGE_KEY.test(key);

export function assertStorageKey(key: string) {
  if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
}

/** Where uploaded files live; the public address of a file is always `/uploads/{key}`. */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** Writes a stream as it arrives; a failed stream leaves no file behind. */
  putStream(key: string, body: Readable, contentType: string): Promise<string>;
  remove(publicUrl: string): Promise<void>;
  /** Whether files can be stored and read right now, for /readyz. */
  isReachable(): Promise<boolean>;
}

export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  async put(key: string, body: Buffer): Promise<string> {
    const file = this.resolve(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
    return `${UPLOADS_PREFIX}${key}`;
  }

  async putStream(key: string, body: Readable): Promise<string> {
    const file = this.resolve(key);
    await mkdir(path.dirname(file), { recursive: true });
    try {
      await pipeline(body, createWriteStream(file));
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
    return `${UPLOADS_PREFIX}${key}`;
  }

  async remove(publicUrl: string): Promise<void> {
    if (!publicUrl.startsWith(UPLOADS_PREFIX)) return;
    await rm(this.resolve(publicUrl.slice(UPLOADS_PREFIX.length)), { force: true });
  }

  async isReachable(): Promise<boolean> {
    return access(this.root, constants.R_OK | constants.W_OK).then(
      () => true,
      () => false,
    );
  }

  private resolve(key: string) {
    assertStorageKey(key);
    return path.join(this.root, key);
  }
}
