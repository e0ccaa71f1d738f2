import { PHOTO_FORMATS, photoSizeUrl, photoSources } from '@mawadda/contract/photo-sizes';
import { type ImgHTMLAttributes, useState } from 'react';
import { useDataSaver } from '@/lib/use-data-saver.ts';

/** Shown when a member's photo is missing or fails to load (docs/spec.md §8). */
export const DEFAULT_PROFILE_IMAGE = '/default-avatar.svg';

/** The widest size a photo is fetched at in data saver, unless the place asks for another. */
const DATA_SAVER_WIDTH = 240;

export type MediaImageProps = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes'
> & {
  /** The media URL; when empty or when it fails to load, the default profile image shows. */
  src: string | null | undefined;
  fallbackSrc?: string;
  /**
   * The photo's CSS width where it shows, as the `sizes` attribute says it: with it, a photo
   * stored in sizes (ADR 048) is a `<picture>` whose browser picks the AVIF or WebP that fits.
   */
  sizes?: string;
  /** The widest size fetched in data saver: smaller than the screen asks, fewer bytes. */
  dataSaverWidth?: number;
};

/**
 * An `<img>` for member media: lazy by default, and falling back to the default profile image
 * when the media fails to load (deleted photo, expired access, offline). A new `src` is tried
 * again; the fallback is never retried in a loop. A photo stored in sizes, given `sizes`, comes
 * as AVIF where the browser reads it, WebP otherwise, at the width its place needs; photos
 * stored before the sizes, and blurred copies, come from their one file.
 */
export function MediaImage({
  src,
  fallbackSrc = DEFAULT_PROFILE_IMAGE,
  alt = '',
  loading = 'lazy',
  decoding = 'async',
  onError,
  sizes,
  dataSaverWidth = DATA_SAVER_WIDTH,
  ...rest
}: MediaImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const saving = useDataSaver();
  const useFallback = !src || failedSrc === src;
  const sources =
    !useFallback && sizes !== undefined
      ? photoSources(src, saving ? dataSaverWidth : undefined)
      : undefined;
  const image = (
    <img
      {...rest}
      alt={alt}
      loading={loading}
      decoding={decoding}
      src={
        useFallback
          ? fallbackSrc
          : sources && saving
            ? photoSizeUrl(src, dataSaverWidth, 'webp')
            : src
      }
      data-fallback={useFallback || undefined}
      onError={(event) => {
        if (!useFallback && src) setFailedSrc(src);
        onError?.(event);
      }}
    />
  );
  if (!sources) return image;
  return (
    // The image is the parent's item; its sources are hidden, or a flex parent's gap would count
    // each as an item (24 px lost beside a photo in a list entry on a 320 px phone).
    <picture className="contents [&>source]:hidden">
      {PHOTO_FORMATS.map((format) => (
        <source key={format} type={`image/${format}`} srcSet={sources[format]} sizes={sizes} />
      ))}
      {image}
    </picture>
  );
}
