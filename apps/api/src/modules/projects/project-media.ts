import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES, PROJECT_MESSAGES } from '@fundry/shared';
import { AppError } from '../../errors';
import { newMediaKey, reencodeImage, sniffImage } from '../media/images';
import type { FileStorage } from '../media/storage';

const VIDEO_TYPES: Record<string, string> = { 'video/mp4': 'mp4', 'video/webm': 'webm', 'video/ogg': 'ogv' };
const SNIFF_BYTES = 4100;

export interface StoredImage {
  imageUrl: string;
  cardUrl: string;
}

const imageTooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', PROJECT_MESSAGES.imageSize, { image: [PROJECT_MESSAGES.imageSize] });

/** Reads an image part, refusing it past 5 MB while it streams in. */
export async function readImagePart(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_IMAGE_BYTES) {
      stream.resume();
      throw imageTooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Checks an image by its bytes and stores it re-encoded, full size and as a card-sized variant. */
export async function storeProjectImage(bytes: Buffer, storage: FileStorage): Promise<StoredImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw imageTooLarge();
  if (!(await sniffImage(bytes))) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', PROJECT_MESSAGES.imageType, {
      image: [PROJECT_MESSAGES.imageType],
    });
  }
  const [full, card] = await Promise.all([
    reencodeImage(bytes, { width: 1600, height: 1600, fit: 'inside' }),
    reencodeImage(bytes, { width: 640, height: 360, fit: 'cover' }),
  ]);
  const imageUrl = await storage.put(newMediaKey('projects', full.extension), full.bytes, full.contentType);
  const cardUrl = await storage.put(
    newMediaKey('projects/cards', card.extension),
    card.bytes,
    card.contentType,
  );
  return { imageUrl, cardUrl };
}

/**
 * Streams a video part to storage without holding it in memory: the first bytes decide its type, and the
 * count stops it at 100 MB.
 */
export async function storeProjectVideo(stream: Readable, storage: FileStorage): Promise<string> {
  const iterator = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headSize = 0;
  while (headSize < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(next.value);
    headSize += next.value.length;
  }
  const first = Buffer.concat(head);
  const contentType = (await fileTypeFromBuffer(first))?.mime ?? '';
  const extension = VIDEO_TYPES[contentType];
  if (!extension) {
    stream.resume();
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', PROJECT_MESSAGES.videoType, {
      video: [PROJECT_MESSAGES.videoType],
    });
  }

  // The count lives in the generator, so going over the limit is an error of `body` itself, which the
  // storage's pipeline is listening to (a separate counting stream piped in was not, and its error went uncaught).
  const body = Readable.from(
    (async function* () {
      let size = 0;
      // The first bytes count too: one network chunk can hold the whole file.
      for (let chunk: Buffer | undefined = first; chunk;) {
        size += chunk.length;
        if (size > MAX_VIDEO_BYTES) throw videoTooLarge();
        yield chunk;
        const next = await iterator.next();
        chunk = next.done ? undefined : next.value;
      }
    })(),
  );
  try {
    return await storage.putStream(newMediaKey('videos', extension), body, contentType);
  } catch (error) {
    stream.resume();
    throw error;
  }
}

const videoTooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', PROJECT_MESSAGES.videoSize, { video: [PROJECT_MESSAGES.videoSize] });
