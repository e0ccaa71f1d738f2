import { act } from '@testing-library/react';
import { vi } from 'vitest';

export { aMember, detailsOf } from '@/test/fixtures.ts';

export const NO_FILTERS = {
  minAge: null,
  maxAge: null,
  maxDistanceKm: null,
  dealbreakers: {},
  verifiedOnly: false,
};

/**
 * IntersectionObserver is not in jsdom: a stand-in whose `intersect()` says the observed
 * elements (the sentinel after the last card) came into view, or left it.
 */
export function fakeIntersectionObserver() {
  const observers = new Set<{
    callback: IntersectionObserverCallback;
    targets: Element[];
    rootMargin: string | undefined;
  }>();
  class FakeObserver {
    readonly entry: {
      callback: IntersectionObserverCallback;
      targets: Element[];
      rootMargin: string | undefined;
    };
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { callback, targets: [], rootMargin: options?.rootMargin };
      observers.add(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    unobserve() {}
    disconnect() {
      observers.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    /** How far ahead of the viewport each observer watching now looks. */
    rootMargins: () => [...observers].map((o) => o.rootMargin),
    intersect(isIntersecting = true) {
      act(() => {
        for (const { callback, targets } of [...observers]) {
          callback(
            targets.map((target) => ({ isIntersecting, target }) as IntersectionObserverEntry),
            {} as IntersectionObserver,
          );
        }
      });
    },
  };
}
