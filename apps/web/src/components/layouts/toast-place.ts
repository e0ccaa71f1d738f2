import { type RefObject, useLayoutEffect } from 'react';

/**
 * Where a toast floats (a call that ended, a new version): above the phone's tab bar, and above
 * the composer of a screen that has one, never over what the member is typing. The composer
 * says how far its top is from the bottom of the screen (`useToastsAbove`).
 */
export const TOAST_BOTTOM =
  'bottom-[max(calc(5.5rem+env(safe-area-inset-bottom)),calc(var(--toasts-above,0px)+0.75rem))] md:bottom-[max(1rem,calc(var(--toasts-above,0px)+0.75rem))]';

/**
 * Keeps the toasts above `element` (the chat's composer) while it is mounted: its distance from
 * the bottom of the screen, followed as it grows and as the screen changes (the phone's keyboard).
 */
export function useToastsAbove(element: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const box = element.current;
    if (!box) return;
    const root = document.documentElement;
    const place = () => {
      const above = Math.max(0, window.innerHeight - box.getBoundingClientRect().top);
      root.style.setProperty('--toasts-above', `${above}px`);
    };
    place();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(place);
    observer?.observe(box);
    window.addEventListener('resize', place);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', place);
      root.style.removeProperty('--toasts-above');
    };
  }, [element]);
}
