import { CAROUSEL_SWIPE_THRESHOLD_PX } from '@mawadda/contract/constants';

export type SwipeDecision = 'next' | 'previous' | null;

/**
 * What a finger's movement on the carousel means (docs/spec.md §9: 40 px threshold). A move left
 * of at least the threshold shows the next photo, a move right the previous one; a shorter move,
 * or one more vertical than horizontal (the member is scrolling), changes nothing.
 */
export function swipeDecision(
  deltaX: number,
  deltaY = 0,
  threshold = CAROUSEL_SWIPE_THRESHOLD_PX,
): SwipeDecision {
  if (!Number.isFinite(deltaX) || !Number.isFinite(deltaY)) return null;
  if (Math.abs(deltaX) < threshold) return null;
  if (Math.abs(deltaY) > Math.abs(deltaX)) return null;
  return deltaX < 0 ? 'next' : 'previous';
}

/** The photo index after a step, wrapping around at both ends. */
export function stepIndex(index: number, count: number, step: 1 | -1): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}
