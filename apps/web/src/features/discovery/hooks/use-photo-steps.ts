import type { KeyboardEvent } from 'react';
import { stepIndex } from '../utils/swipe.ts';
import { useSwipe } from './use-swipe.ts';

/**
 * Moving through `count` photos from `index`, the same in the carousel and the lightbox: a step
 * wraps at both ends, the arrow keys and a swipe take one, and one photo alone never moves.
 */
export function usePhotoSteps(
  index: number,
  count: number,
  onIndexChange: (index: number) => void,
) {
  const go = (step: 1 | -1) => {
    if (count > 1) onIndexChange(stepIndex(index, count, step));
  };
  const swipe = useSwipe((decision) => go(decision === 'next' ? 1 : -1));

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  }

  return { go, onKeyDown, swipe };
}
