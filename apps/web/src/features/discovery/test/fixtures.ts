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
  type Watch = { callback: IntersectionObserverCallback; rootMargin: string | undefined };
  const observers = new Map<Watch, Element[]>();
  // Whether the watched elements are in view; a new observer reports it first, as a browser's does.
  let inView = false;
  const report = ({ callback }: Watch, targets: Element[]) =>
    callback(
      targets.map((target) => ({ isIntersecting: inView, target }) as IntersectionObserverEntry),
      {} as IntersectionObserver,
    );
  class FakeObserver {
    readonly watch: Watch;
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.watch = { callback, rootMargin: options?.rootMargin };
      observers.set(this.watch, []);
    }
    observe(target: Element) {
      observers.get(this.watch)?.push(target);
      report(this.watch, [target]);
    }
    unobserve() {}
    disconnect() {
      observers.delete(this.watch);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    /** How far ahead of the viewport each observer watching now looks. */
    rootMargins: () => [...observers.keys()].map((watch) => watch.rootMargin),
    /** The watched elements come into view (or leave it): every observer reports it. */
    intersect(isIntersecting = true) {
      inView = isIntersecting;
      act(() => {
        for (const [watch, targets] of [...observers]) report(watch, targets);
      });
    },
  };
}
