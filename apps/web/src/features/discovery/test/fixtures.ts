import type { UserDetails, UserSummary } from '@mawadda/contract';
import { act } from '@testing-library/react';
import { vi } from 'vitest';

let next = 0;
/** A suggested member with believable values; `overrides` set what a test is about. */
export function aMember(overrides: Partial<UserSummary> = {}): UserSummary {
  next += 1;
  const id = `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`;
  return {
    id,
    name: `member ${next}`,
    age: 30,
    gender: 'femme',
    location: 'Dakar, Sénégal',
    latitude: 14.7,
    longitude: -17.4,
    distanceKm: 5,
    mediaUrls: [`/media/photos/${id}.webp`],
    online: false,
    likedByMe: false,
    matched: false,
    photosBlurred: false,
    ...overrides,
  };
}

export function detailsOf(member: UserSummary, overrides: Partial<UserDetails> = {}): UserDetails {
  return {
    ...member,
    maritalStatus: 'celibataire',
    hasChildren: 'no',
    bio: 'Practising, calm, and fond of long walks.\n\nPratiquante et calme.',
    skinTone: 'moyen',
    sentLike: member.likedByMe ? 'like' : null,
    ...overrides,
  };
}

export const NO_FILTERS = { minAge: null, maxAge: null, maxDistanceKm: null };

/**
 * IntersectionObserver is not in jsdom: a stand-in whose `intersect()` says the observed
 * elements (the sentinel after the last card) came into view, or left it.
 */
export function fakeIntersectionObserver() {
  const observers = new Set<{ callback: IntersectionObserverCallback; targets: Element[] }>();
  class FakeObserver {
    readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, targets: [] };
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
