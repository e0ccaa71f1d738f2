import sharp, { type Sharp } from 'sharp';
import { HttpError } from '../../lib/http-error.ts';

export type ProcessedImage = { data: Buffer; width: number; height: number };
export type ProcessedPhoto = { display: ProcessedImage; thumbnail: ProcessedImage };

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff']);
/** Bounds decoding work: a small file can still claim a huge canvas (a decompression bomb). */
const MAX_INPUT_PIXELS = 50_000_000;
const DISPLAY_SIZE = 1080;
const THUMBNAIL_SIZE = 400;

/**
 * Checks a photo by its bytes, whatever its name or declared type, then re-encodes it to WebP at
 * a display size and a thumbnail. Re-encoding drops every metadata field (EXIF with GPS, XMP,
 * IPTC); `rotate()` first applies the EXIF orientation so the picture stays upright.
 */
export async function processPhoto(data: Buffer, label: string): Promise<ProcessedPhoto> {
  const notAnImage = new HttpError(
    400,
    `${label} is not an image we can read. Please choose a JPEG, PNG, WebP or AVIF photo.`,
  );
  let format: string | undefined;
  try {
    const metadata = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    format = metadata.format;
  } catch {
    throw notAnImage;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notAnImage;
  try {
    const source = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const [display, thumbnail] = await Promise.all([
      encode(source.clone(), DISPLAY_SIZE, 82),
      encode(source.clone(), THUMBNAIL_SIZE, 76),
    ]);
    return { display, thumbnail };
  } catch {
    throw notAnImage;
  }
}

async function encode(image: Sharp, size: number, quality: number): Promise<ProcessedImage> {
  const { data, info } = await image
    .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
    .webp({ quality })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
