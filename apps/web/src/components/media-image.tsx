import { type ImgHTMLAttributes, useState } from 'react';

/** Shown when a member's photo is missing or fails to load (docs/spec.md §8). */
export const DEFAULT_PROFILE_IMAGE = '/default-avatar.svg';

export type MediaImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  /** The media URL; when empty or when it fails to load, the default profile image shows. */
  src: string | null | undefined;
  fallbackSrc?: string;
};

/**
 * An `<img>` for member media: lazy by default, and falling back to the default profile image
 * when the media fails to load (deleted photo, expired access, offline). A new `src` is tried
 * again; the fallback is never retried in a loop.
 */
export function MediaImage({
  src,
  fallbackSrc = DEFAULT_PROFILE_IMAGE,
  alt = '',
  loading = 'lazy',
  decoding = 'async',
  onError,
  ...rest
}: MediaImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const useFallback = !src || failedSrc === src;
  return (
    <img
      {...rest}
      alt={alt}
      loading={loading}
      decoding={decoding}
      src={useFallback ? fallbackSrc : src}
      data-fallback={useFallback || undefined}
      onError={(event) => {
        if (!useFallback && src) setFailedSrc(src);
        onError?.(event);
      }}
    />
  );
}
