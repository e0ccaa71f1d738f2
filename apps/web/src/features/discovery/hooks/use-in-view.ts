import { useEffect, useState } from 'react';

/**
 * Whether an element is in (or within `rootMargin` of) the viewport, by IntersectionObserver,
 * once `watching` (false until then). Returns a ref callback and the answer; `supported` is false
 * where the browser has no observer.
 */
export function useInView<T extends Element>(rootMargin = '0px', watching = true) {
  const [node, setNode] = useState<T | null>(null);
  const [inView, setInView] = useState(false);
  const supported = typeof IntersectionObserver !== 'undefined';
  useEffect(() => {
    if (!node || !watching || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (entry) setInView(entry.isIntersecting);
      },
      { rootMargin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, rootMargin, watching]);
  return { ref: setNode, inView, supported };
}
