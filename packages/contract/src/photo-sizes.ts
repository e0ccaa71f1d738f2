/**
 * The sizes every profile photo is stored in since ADR 048, and how a client builds `srcset`
 * from the one URL an answer gives per photo. A sized photo's URL names its widest WebP,
 * `…/<id>-1080.webp?<proof>`; the other sizes are the same URL with another width and format,
 * and the same proof opens them (one proof per answer, ADR 032). Photos stored before the sizes
 * existed, and blurred copies, have no such name: they are shown as they are.
 */

/** Widths in CSS pixels × density: a card at 360 px wide is 158 px, 474 at density 3. */
export const PHOTO_WIDTHS = [240, 480, 720, 1080] as const;
export const PHOTO_FORMATS = ['avif', 'webp'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

const WIDEST = Math.max(...PHOTO_WIDTHS);
/** The widest WebP's ending, before the query of a signed link. */
const SIZED_ENDING = new RegExp(`-${WIDEST}\\.webp(?=[?#]|$)`);

/** The URL (or key) of one size of a sized photo, from the URL (or key) of its widest WebP. */
export function photoSizeUrl(url: string, width: number, format: PhotoFormat): string {
  return url.replace(SIZED_ENDING, `-${width}.${format}`);
}

/** Whether a photo URL (or key) names a sized photo's widest WebP. */
export function isSizedPhoto(url: string): boolean {
  return SIZED_ENDING.test(url);
}

/**
 * `srcset` values for a photo, one per format, listing the widths up to `maxWidth`; undefined
 * for a photo without sizes (shown from its one URL).
 */
export function photoSources(
  url: string,
  maxWidth: number = WIDEST,
): Record<PhotoFormat, string> | undefined {
  if (!isSizedPhoto(url)) return undefined;
  const widths = PHOTO_WIDTHS.filter((w, i) => i === 0 || w <= maxWidth);
  const srcset = (format: PhotoFormat) =>
    widths.map((w) => `${photoSizeUrl(url, w, format)} ${w}w`).join(', ');
  return { avif: srcset('avif'), webp: srcset('webp') };
}
