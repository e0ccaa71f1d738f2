import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where the page was scrolled on each entry of this tab's history, by the entry's key. */
const positions = new Map<string, number>();

/**
 * A new screen opens at its top, or at its `#anchor`; going back (or forward) finds the page
 * where the member left it. The browser's own restoration is off: it restores before the screen
 * being returned to is drawn. Written here because react-router gives its `ScrollRestoration`
 * only with its data routers, which this app does not use (ADR 058).
 */
export function useScrollRestoration() {
  const { key, hash } = useLocation();
  const navigation = useNavigationType();
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);
  useEffect(() => {
    const remember = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [key]);
  useLayoutEffect(() => {
    const anchor = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (navigation === 'POP') window.scrollTo(0, positions.get(key) ?? 0);
    else if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [key, hash, navigation]);
}
