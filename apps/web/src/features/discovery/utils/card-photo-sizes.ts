/**
 * The photo's CSS width in the suggestions grid (its columns, gaps and padding, `gridClass` of
 * suggestions-page.tsx): 158 px on a 360 px phone, so 480 px at density 3.
 */
export const CARD_PHOTO_SIZES =
  '(min-width: 1152px) 265px, (min-width: 1024px) calc((100vw - 92px) / 4), (min-width: 768px) calc((100vw - 64px) / 3), (min-width: 640px) calc((100vw - 48px) / 2), (min-width: 352px) calc((100vw - 44px) / 2), calc(100vw - 32px)';
