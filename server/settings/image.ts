/**
 * The coach's photo or logo, checked by what the bytes are, never by a file name or a Content-Type
 * a browser guessed: a PNG, JPEG or WebP whose header says so (image-size reads the signatures and
 * dimensions), at most 1 MB, within sensible dimensions. SVG is refused: it can carry script. Nothing
 * Then it is re-encoded in its own format by sharp (libvips), which writes no metadata: EXIF (the
 * camera, the time, GPS), XMP, IPTC and comments are gone before it is stored and served (its
 * orientation is applied first, so it still stands the right way up).
 */
import { createHash } from 'node:crypto';
import { imageSize } from 'image-size';
import sharp from 'sharp';
import type { ImageContentType, StoredImage } from '../../src/shared/coach-settings';

/** 1 MB as a file manager shows it (1,048,576 bytes). */
export const IMAGE_MAX_BYTES = 1024 * 1024;
/** Smaller than this looks blurred even as a small round face. */
export const IMAGE_MIN_SIDE = 64;
/** Bigger than this costs a phone a lot of memory to decode, for no visible gain. */
export const IMAGE_MAX_SIDE = 4096;

const contentTypes: Record<string, ImageContentType> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** The file extension of each type, for the picture's address. */
export const imageExtensions: Record<ImageContentType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

export type CheckedImage = StoredImage & { bytes: Buffer };

const label = 'Photo or logo';

/** Megabytes with one decimal, as a person reads a file's size. */
const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The bytes as a picture to store, or a message naming the field that says what is wrong. */
export function checkImage(bytes: Buffer): { ok: true; image: CheckedImage } | { ok: false; message: string } {
  if (bytes.length === 0) return { ok: false, message: `${label}: the file is empty.` };
  if (bytes.length > IMAGE_MAX_BYTES) return { ok: false, message: tooLargeMessage(bytes.length) };
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    return { ok: false, message: `${label}: this is not a picture we can use. Use a PNG, JPEG or WebP file.` };
  }
  if (size.type === 'svg') {
    return { ok: false, message: `${label}: SVG files are not accepted (they can hold code). Save it as PNG, JPEG or WebP.` };
  }
  const contentType = size.type === undefined ? undefined : contentTypes[size.type];
  if (contentType === undefined) {
    return { ok: false, message: `${label}: a ${size.type?.toUpperCase() ?? 'file of this kind'} cannot be used. Use a PNG, JPEG or WebP file.` };
  }
  const { width, height } = size;
  if (width < IMAGE_MIN_SIDE || height < IMAGE_MIN_SIDE) {
    return { ok: false, message: `${label}: at least ${IMAGE_MIN_SIDE} × ${IMAGE_MIN_SIDE} pixels (this is ${width} × ${height}).` };
  }
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE) {
    return { ok: false, message: `${label}: at most ${IMAGE_MAX_SIDE} pixels on each side (this is ${width} × ${height}).` };
  }
  const hash = createHash('sha256').update(bytes).digest('hex');
  return { ok: true, image: { hash, contentType, width, height, bytes } };
}

export function tooLargeMessage(bytes: number | null): string {
  const size = bytes === null ? '' : ` (this one is ${megabytes(bytes)})`;
  return `${label}: at most 1 MB${size}. Save a smaller version, about 800 pixels wide is plenty.`;
}

/** Where visitors' pages load a picture: our own origin, named by its content, so it can be cached for good. */
export function imagePath(image: Pick<StoredImage, 'hash' | 'contentType'>): string {
  return `${MEDIA_PREFIX}${image.hash}.${imageExtensions[image.contentType]}`;
}

export const MEDIA_PREFIX = '/media/';

/**
 * The picture decoded and encoded again in its format, without any metadata, under its new hash
 * and size; or a message when its bytes do not decode (a header that lied).
 */
export async function withoutMetadata(image: CheckedImage): Promise<{ ok: true; image: CheckedImage } | { ok: false; message: string }> {
  const pipeline = sharp(image.bytes, { failOn: 'error' }).rotate();
  const encoded = image.contentType === 'image/png' ? pipeline.png() : image.contentType === 'image/jpeg' ? pipeline.jpeg({ quality: 90 }) : pipeline.webp({ quality: 90 });
  try {
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const hash = createHash('sha256').update(data).digest('hex');
    return { ok: true, image: { hash, contentType: image.contentType, width: info.width, height: info.height, bytes: data } };
  } catch {
    return { ok: false, message: `${label}: this picture could not be read. Save it again as PNG, JPEG or WebP.` };
  }
}

/**
 * The picture's bytes as served: as stored when they carry no metadata (every picture stored since
 * the re-encode), or re-encoded without it (a picture stored before, by an earlier version). The
 * address keeps the stored hash, so a visitor's cached copy and the page's link stay valid.
 */
export async function servedBytes(bytes: Buffer): Promise<Buffer> {
  const { exif, xmp, iptc, comments } = await sharp(bytes).metadata();
  if (exif === undefined && xmp === undefined && iptc === undefined && (comments?.length ?? 0) === 0) return bytes;
  return (await sharp(bytes, { failOn: 'error' }).rotate().toBuffer());
}
