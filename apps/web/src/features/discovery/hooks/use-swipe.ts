import { type TouchEvent, useRef } from 'react';
import { type SwipeDecision, swipeDecision } from '../utils/swipe.ts';

/**
 * Touch handlers for a carousel: a horizontal swipe past the threshold calls `onSwipe`.
 * `swiped()` tells a click handler that the touch was a swipe, not a tap.
 */
export function useSwipe(onSwipe: (decision: Exclude<SwipeDecision, null>) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const lastWasSwipe = useRef(false);
  return {
    handlers: {
      onTouchStart(event: TouchEvent) {
        const touch = event.touches[0];
        lastWasSwipe.current = false;
        start.current =
          touch && event.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : null;
      },
      onTouchEnd(event: TouchEvent) {
        const from = start.current;
        const touch = event.changedTouches[0];
        start.current = null;
        if (!from || !touch) return;
        const decision = swipeDecision(touch.clientX - from.x, touch.clientY - from.y);
        if (!decision) return;
        lastWasSwipe.current = true;
        onSwipe(decision);
      },
      onTouchCancel() {
        start.current = null;
      },
    },
    swiped: () => lastWasSwipe.current,
  };
}
