import { EARTH_RADIUS_KM, type UserDetails, type UserSummary } from '@mawadda/contract';
import { sql } from 'drizzle-orm';
import { type MemberRow, members } from '../../db/schema.ts';
import type { MediaStore } from '../media/media-store.ts';

/** Seen in the last five minutes: online until live presence replaces this guess. */
export const ONLINE_WINDOW_MS = 5 * 60 * 1000;

/**
 * Whether `viewerId` may see a member at all: the one place every list and lookup of other
 * members goes through. Today: a complete profile (gender and age) and not the viewer. The
 * safety rules (blocks, reports) join here.
 */
export function visibleTo(viewerId: string) {
  return sql`(${members.gender} is not null and ${members.age} is not null and ${members.id} <> ${viewerId})`;
}

/** Haversine on grid-snapped positions, rounded to the kilometre: never an exact distance. */
export function gridDistanceKm(
  from: { gridLatitude: number | null; gridLongitude: number | null },
  to: { gridLatitude: number | null; gridLongitude: number | null },
): number | null {
  if (from.gridLatitude === null || from.gridLongitude === null) return null;
  if (to.gridLatitude === null || to.gridLongitude === null) return null;
  const rad = Math.PI / 180;
  const dLat = (to.gridLatitude - from.gridLatitude) * rad;
  const dLon = (to.gridLongitude - from.gridLongitude) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(from.gridLatitude * rad) * Math.cos(to.gridLatitude * rad) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a))));
}

export type ViewedMember = Pick<
  MemberRow,
  | 'id'
  | 'name'
  | 'age'
  | 'gender'
  | 'location'
  | 'gridLatitude'
  | 'gridLongitude'
  | 'lastActiveAt'
  | 'photoKeys'
>;

/** The display URLs of a member's photos, in the member's order. */
export function photoUrls(mediaStore: Pick<MediaStore, 'urlFor'>, photoKeys: string[]): string[] {
  return photoKeys.map((key) => mediaStore.urlFor(key));
}

/**
 * What a member sees of another: grid coordinates and a rounded distance, never the exact
 * position (the known trilateration attacks on dating apps worked from exact distances).
 */
export function toSummary(
  member: ViewedMember,
  viewer: Pick<MemberRow, 'gridLatitude' | 'gridLongitude'>,
  mediaStore: Pick<MediaStore, 'urlFor'>,
  now: Date,
): UserSummary {
  return {
    id: member.id,
    name: member.name,
    age: member.age,
    gender: member.gender,
    location: member.location,
    latitude: member.gridLatitude,
    longitude: member.gridLongitude,
    distanceKm: gridDistanceKm(viewer, member),
    mediaUrls: photoUrls(mediaStore, member.photoKeys),
    online: now.getTime() - member.lastActiveAt.getTime() < ONLINE_WINDOW_MS,
  };
}

export function toDetails(
  member: MemberRow,
  viewer: Pick<MemberRow, 'gridLatitude' | 'gridLongitude'>,
  mediaStore: Pick<MediaStore, 'urlFor'>,
  now: Date,
): UserDetails {
  return {
    ...toSummary(member, viewer, mediaStore, now),
    maritalStatus: member.maritalStatus,
    hasChildren: member.hasChildren,
    bio: member.bio,
    skinTone: member.skinTone,
  };
}
