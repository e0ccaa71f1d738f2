import sharp, { type Sharp } from 'sharp';
import { HttpError } from './http-error.ts';

export type ProcessedImage = { data: Buffer; width: number; height: number };
export type ProcessedPhoto = {
  display: ProcessedImage;
  thumbnail: ProcessedImage;
  /** What members get who may not see the photo (ADR 019). */
  blurred: Buffer;
};

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff']);
/** Bounds decoding work: a small file can still claim a huge canvas (a decompression bomb). */
const MAX_INPUT_PIXELS = 50_000_000;
const DISPLAY_SIZE = 1080;
const THUMBNAIL_SIZE = 400;
/** The blurred copy keeps this many pixels on its longest side: a face is gone, a mood remains. */
const BLUR_SOURCE_SIZE = 12;
const BLURRED_SIZE = 320;

/**
 * Checks an image by its bytes, whatever its name or declared type, then re-encodes it to WebP at
 * each size asked (the longest side at most that). Re-encoding drops every metadata field (EXIF
 * with GPS, XMP, IPTC); `rotate()` first applies the EXIF orientation so the picture stays
 * upright. Anything unreadable throws `notAnImage`.
 */
export async function reencodeImage(
  data: Buffer,
  sizes: ReadonlyArray<{ size: number; quality: number }>,
  notAnImage: HttpError,
): Promise<ProcessedImage[]> {
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
    return await Promise.all(sizes.map((s) => encode(source.clone(), s.size, s.quality)));
  } catch {
    throw notAnImage;
  }
}

/** A profile photo: a display size and a thumbnail. */
export async function processPhoto(
  data: Buffer,
  photo: { index: number; name: string },
): Promise<ProcessedPhoto> {
  const [display, thumbnail] = await reencodeImage(
    data,
    [
      { size: DISPLAY_SIZE, quality: 82 },
      { size: THUMBNAIL_SIZE, quality: 76 },
    ],
    new HttpError(400, 'PHOTO_UNREADABLE', { params: photo }),
  );
  if (!display || !thumbnail) throw new Error('Two sizes asked, two expected');
  return { display, thumbnail, blurred: await blurPhoto(display.data) };
}

/**
 * A blurred copy that cannot be sharpened back: the photo shrunk to a dozen pixels (the detail is
 * discarded, not hidden), then enlarged and softened so it reads as a blur rather than as squares.
 */
export async function blurPhoto(display: Buffer): Promise<Buffer> {
  const tiny = await sharp(display)
    .resize({ width: BLUR_SOURCE_SIZE, height: BLUR_SOURCE_SIZE, fit: 'inside' })
    .png()
    .toBuffer();
  return sharp(tiny)
    .resize({ width: BLURRED_SIZE, height: BLURRED_SIZE, fit: 'inside' })
    .blur(8)
    .webp({ quality: 60 })
    .toBuffer();
}

async function encode(image: Sharp, size: number, quality: number): Promise<ProcessedImage> {
  const { data, info } = await image
    .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
    .webp({ quality })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
