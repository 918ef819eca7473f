import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

/** The image type the bytes say, or null when they are not a JPEG, PNG or GIF (whatever the name says). */
export async function sniffImage(bytes: Buffer): Promise<(typeof IMAGE_MIME_TYPES)[number] | null> {
  const type = await fileTypeFromBuffer(bytes);
  return IMAGE_MIME_TYPES.find((mime) => mime === type?.mime) ?? null;
}

/**
 * Re-encodes an uploaded image: decoding and encoding again drops EXIF (location) and anything hidden
 * in the file, and the output is a size we chose.
 */
export async function reencodeImage(
  bytes: Buffer,
  size: { width: number; height: number; fit: 'cover' | 'inside' },
) {
  const output = await sharp(bytes, { animated: false, limitInputPixels: 50_000_000 })
    .rotate()
    .resize(size.width, size.height, { fit: size.fit, withoutEnlargement: size.fit === 'inside' })
    .webp({ quality: 84 })
    .toBuffer();
  return { bytes: output, contentType: 'image/webp', extension: 'webp' };
}

export const newMediaKey = (folder: string, extension: string) => `${folder}/${randomUUID()}.${extension}`;
