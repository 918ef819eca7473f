import type { Config } from '../../config';
import { S3FileStorage } from './s3-storage';
import { type FileStorage, LocalFileStorage } from './storage';

/** The one place that picks where uploads live: the S3 bucket when one is configured, DATA_DIR otherwise. */
export function createFileStorage(config: Pick<Config, 's3' | 'uploadsDir'>): FileStorage {
  return config.s3 ? new S3FileStorage(config.s3) : new LocalFileStorage(config.uploadsDir);
}
