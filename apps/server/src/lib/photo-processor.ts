import { PHOTO_FORMATS, PHOTO_WIDTHS, type PhotoFormat } from '@mawadda/contract/photo-sizes';
import sharp, { type Sharp } from 'sharp';
import { HttpError } from './http-error.ts';

export type ProcessedImage = { data: Buffer; width: number; height: number };
/** One size of a photo in one format (ADR 048). */
export type PhotoSize = ProcessedImage & { nominalWidth: number; format: PhotoFormat };
export type ProcessedPhoto = {
  /** Every width of `PHOTO_WIDTHS` in every format of `PHOTO_FORMATS`. */
  sizes: PhotoSize[];
  /** The widest WebP: what `url` names, for clients that know no other size. */
  display: ProcessedImage;
  /** What members get who may not see the photo (ADR 019). */
  blurred: Buffer;
};

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff']);
/** Bounds decoding work: a small file can still claim a huge canvas (a decompression bomb). */
const MAX_INPUT_PIXELS = 50_000_000;
/**
 * AVIF's encoder speed (0 fastest … 9 smallest): above 1 an upload of a 12 MP photo takes
 * seconds on two cores for a few percent fewer bytes (docs/performance.md, "Photos").
 */
const AVIF_EFFORT = 0;
const QUALITY: Record<PhotoFormat, number> = { avif: 50, webp: 80 };
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
  await checkImage(data, notAnImage);
  try {
    const source = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    return await Promise.all(sizes.map((s) => encode(source.clone(), s.size, s.quality)));
  } catch {
    throw notAnImage;
  }
}

async function checkImage(data: Buffer, notAnImage: HttpError): Promise<void> {
  let format: string | undefined;
  try {
    const metadata = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    format = metadata.format;
  } catch {
    throw notAnImage;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notAnImage;
}

/**
 * A profile photo at every width of `PHOTO_WIDTHS`, in AVIF and WebP, each the given width (or
 * the photo's own, never enlarged) and at most twice as tall (ADR 048). The upload is decoded
 * once, to the widest size; the others are made from that, which costs a fraction of decoding
 * a 12 MP photo again.
 */
export async function processPhoto(
  data: Buffer,
  photo: { index: number; name: string },
): Promise<ProcessedPhoto> {
  const notAnImage = new HttpError(400, 'PHOTO_UNREADABLE', { params: photo });
  await checkImage(data, notAnImage);
  const widest = Math.max(...PHOTO_WIDTHS);
  let sizes: PhotoSize[];
  try {
    const decoded = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(box(widest))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const source = sharp(decoded.data, { raw: decoded.info });
    const { width, height } = decoded.info;
    // The widths a photo does not reach all come out at its own size: encoded once, stored under
    // each name (a 640 px upload is four files' work, not eight).
    const encodings = new Map<string, Promise<ProcessedImage>>();
    const encodeOnce = (nominalWidth: number, format: PhotoFormat) => {
      const ownSize = nominalWidth >= width && nominalWidth * 2 >= height;
      const key = `${ownSize ? 'own' : nominalWidth}.${format}`;
      let encoding = encodings.get(key);
      if (!encoding) {
        encoding = encodeSize(source.clone(), nominalWidth, format);
        encodings.set(key, encoding);
      }
      return encoding;
    };
    sizes = await Promise.all(
      PHOTO_WIDTHS.flatMap((nominalWidth) =>
        PHOTO_FORMATS.map(async (format) => ({
          ...(await encodeOnce(nominalWidth, format)),
          nominalWidth,
          format,
        })),
      ),
    );
  } catch {
    throw notAnImage;
  }
  const display = sizes.find((s) => s.nominalWidth === widest && s.format === 'webp');
  if (!display) throw new Error('The widest WebP is always made');
  return { sizes, display, blurred: await blurPhoto(display.data) };
}

const box = (width: number) => ({
  width,
  height: width * 2,
  fit: 'inside' as const,
  withoutEnlargement: true,
});

async function encodeSize(
  image: Sharp,
  nominalWidth: number,
  format: PhotoFormat,
): Promise<ProcessedImage> {
  const resized = image.resize(box(nominalWidth));
  const encoded =
    format === 'avif'
      ? resized.avif({ quality: QUALITY.avif, effort: AVIF_EFFORT })
      : resized.webp({ quality: QUALITY.webp });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
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
