import sharp from 'sharp';
import { HttpError } from '../../lib/http-error.ts';
import { reencodeImage } from '../../lib/photo-processor.ts';

const SELFIE_SIZE = 1080;

/**
 * The selfie re-encoded like a profile photo (WebP, every metadata field gone: EXIF with GPS, the
 * camera's make) and its 64-bit difference hash. dHash: the picture in grey at 9x8, each bit
 * whether a pixel is darker than its right neighbour. It survives re-encoding, resizing and small
 * edits, which is how a selfie taken from another account comes back; signed for PostgreSQL's
 * bigint.
 */
export async function processSelfie(data: Buffer): Promise<{ data: Buffer; hash: bigint }> {
  const [image] = await reencodeImage(
    data,
    [{ size: SELFIE_SIZE, quality: 85 }],
    new HttpError(400, 'VERIFICATION_SELFIE_UNREADABLE'),
  );
  if (!image) throw new Error('One size asked, one expected');
  return { data: image.data, hash: await differenceHash(image.data) };
}

export async function differenceHash(image: Buffer): Promise<bigint> {
  const pixels = await sharp(image).grayscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer();
  let hash = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      const left = pixels[y * 9 + x] ?? 0;
      const right = pixels[y * 9 + x + 1] ?? 0;
      hash = (hash << 1n) | (left < right ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, hash);
}

export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (x) {
    count += Number(x & 1n);
    x >>= 1n;
  }
  return count;
}
