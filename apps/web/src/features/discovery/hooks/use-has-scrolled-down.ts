import { useEffect, useState } from 'react';

/**
 * Whether the member has scrolled down the page since this screen was drawn. Only a move down
 * counts: arriving from a page that was scrolled (the login form on a phone), the browser puts
 * this one back at the top and says so with a scroll event, which no member made.
 */
export function useHasScrolledDown(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (scrolled) return;
    let last = window.scrollY;
    const onScroll = () => {
      if (window.scrollY > last) setScrolled(true);
      last = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [scrolled]);
  return scrolled;
}
