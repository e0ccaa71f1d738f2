import { useEffect, useState } from 'react';

/**
 * Whether an element is in (or within `rootMargin` of) the viewport, by IntersectionObserver,
 * once `watching` (false until then). Returns a ref callback and the answer; `supported` is false
 * where the browser has no observer.
 *
 * `layout` names what the page has drawn around the element (a count of cards): when it changes,
 * the element may have moved, so the last answer no longer holds. It is not given until the
 * observer has looked again, so that a page adding content while the element is in view adds once
 * per fresh answer, not once per render on a stale one.
 */
export function useInView<T extends Element>(rootMargin = '0px', watching = true, layout = 0) {
  const [node, setNode] = useState<T | null>(null);
  const [answer, setAnswer] = useState({ layout, rootMargin, inView: false });
  const supported = typeof IntersectionObserver !== 'undefined';
  useEffect(() => {
    if (!node || !watching || typeof IntersectionObserver === 'undefined') return;
    // A new observer's first report is the element's state now.
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (entry) setAnswer({ layout, rootMargin, inView: entry.isIntersecting });
      },
      { rootMargin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, rootMargin, watching, layout]);
  const fresh = answer.layout === layout && answer.rootMargin === rootMargin;
  return { ref: setNode, inView: watching && fresh && answer.inView, supported };
}
