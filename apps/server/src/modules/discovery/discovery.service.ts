import type { Gender, Preferences, UserDetails, UserSummary } from '@mawadda/contract';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/http-error.ts';
import type { MediaStore } from '../media/media-store.ts';
import { toDetails, toSummary } from '../users/member-view.ts';
import { findMemberById } from '../users/members.repository.ts';
import {
  findViewer,
  findVisibleMember,
  recordProfileView,
  savePreferences,
} from './discovery.repository.ts';
import { anyoneInAgeRange, findSuggestions } from './suggestions.repository.ts';

const OTHER_GENDER: Record<Gender, Gender> = { homme: 'femme', femme: 'homme' };

export const MEMBER_NOT_FOUND_MESSAGE = 'This member does not exist or is no longer available.';

export type DiscoveryService = ReturnType<typeof createDiscoveryService>;

export function createDiscoveryService(deps: {
  db: Database;
  clock: Clock;
  mediaStore: MediaStore;
}) {
  const { db, clock, mediaStore } = deps;

  async function viewerOf<T>(memberId: string, find: (db: Database, id: string) => Promise<T>) {
    const viewer = await find(db, memberId);
    if (!viewer) throw notFound('This account no longer exists.');
    return viewer;
  }

  return {
    /**
     * A page of members of the other gender, nearest first then most recently active (see the
     * `position` column); an empty page past the last one. A member without a gender yet (a
     * fresh Google account) is suggested no one until the profile is complete.
     */
    async suggestions(memberId: string, page: number, size: number): Promise<UserSummary[]> {
      const viewer = await viewerOf(memberId, findViewer);
      if (!viewer.gender) return [];
      const audience = OTHER_GENDER[viewer.gender];
      const minAge = viewer.preferredMinAge;
      const maxAge = viewer.preferredMaxAge;
      if (
        (minAge !== null || maxAge !== null) &&
        !(await anyoneInAgeRange(db, audience, minAge, maxAge))
      ) {
        return [];
      }
      const rows = await findSuggestions(db, {
        viewerId: viewer.id,
        audience,
        viewer,
        minAge,
        maxAge,
        maxDistanceKm: viewer.preferredMaxDistanceKm,
        offset: page * size,
        limit: size,
      });
      const now = clock.now();
      return rows.map((row) => toSummary(row, viewer, mediaStore, now));
    },

    /** Another member's details; opening them counts as a view (at most one a day). */
    async details(viewerId: string, memberId: string): Promise<UserDetails> {
      const viewer = await viewerOf(viewerId, findMemberById);
      const member =
        memberId === viewerId ? viewer : await findVisibleMember(db, viewerId, memberId);
      if (!member) throw notFound(MEMBER_NOT_FOUND_MESSAGE);
      const now = clock.now();
      if (member.id !== viewerId) await recordProfileView(db, viewerId, member.id, now);
      return toDetails(member, viewer, mediaStore, now);
    },

    async preferences(memberId: string): Promise<Preferences> {
      const viewer = await viewerOf(memberId, findViewer);
      return {
        minAge: viewer.preferredMinAge,
        maxAge: viewer.preferredMaxAge,
        maxDistanceKm: viewer.preferredMaxDistanceKm,
      };
    },

    async savePreferences(memberId: string, preferences: Preferences): Promise<Preferences> {
      await savePreferences(db, memberId, preferences);
      return preferences;
    },
  };
}
