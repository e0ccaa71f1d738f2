import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import type { MediaLinks } from '../lib/media-links.ts';
import { blockedBetween, matched } from './member-rules.ts';

/** A stored profile photo file: the display size, its thumbnail, or its blurred copy. */
export const PROFILE_PHOTO_KEY = /^photos\/[0-9a-f-]{36}(-thumb|-blur)?\.webp$/;
const BLURRED_SUFFIX = '-blur.webp';

/**
 * The blurred copy of a photo lives beside its display file under the same name, so no column
 * names it and the one `photo_keys` copy of the member row serves both (ADR 019).
 */
export function blurredKeyOf(displayKey: string): string {
  return displayKey.replace(/\.webp$/, BLURRED_SUFFIX);
}

/** The display key a blurred copy was made from; undefined for any other key. */
export function displayKeyOfBlurred(key: string): string | undefined {
  return key.endsWith(BLURRED_SUFFIX) ? `${key.slice(0, -BLURRED_SUFFIX.length)}.webp` : undefined;
}

/**
 * A member's photos as one viewer gets them, each link signed for that viewer: the photos
 * themselves, or their blurred copies when the member blurs them and the two have not matched.
 */
export function photosFor(
  links: MediaLinks,
  viewerId: string,
  member: { id: string; photoKeys: string[]; photosBlurred: boolean; matched: boolean },
): { mediaUrls: string[]; photosBlurred: boolean } {
  const blurred = member.photosBlurred && !member.matched && member.id !== viewerId;
  return {
    mediaUrls: member.photoKeys.map((key) =>
      links.urlFor(viewerId, blurred ? blurredKeyOf(key) : key),
    ),
    photosBlurred: blurred,
  };
}

/** Only blurred copies, whoever the member is: for lists of members one no longer meets. */
export function blurredPhotosFor(links: MediaLinks, viewerId: string, photoKeys: string[]) {
  return photoKeys.map((key) => links.urlFor(viewerId, blurredKeyOf(key)));
}

/**
 * Who owns the photo with this display or thumbnail key and what stands between them and
 * `viewerId`, in one statement: the photo route asks it on every request, so a link stops working
 * the moment a match ends or a block begins.
 */
export async function findPhotoAccess(db: Executor, key: string, viewerId: string) {
  const result = await db.execute<{
    owner_id: string;
    photos_blurred: boolean;
    moderator: boolean;
    matched: boolean;
    blocked: boolean;
  }>(sql`
    select p.member_id as owner_id, m.photos_blurred,
      exists (select 1 from members v where v.id = ${viewerId} and v.role = 'moderator') as moderator,
      ${matched(viewerId, sql`p.member_id`)} as matched,
      ${blockedBetween(viewerId, sql`p.member_id`)} as blocked
    from photos p join members m on m.id = p.member_id
    where p.display_key = ${key} or p.thumbnail_key = ${key}`);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    ownerId: row.owner_id,
    photosBlurred: row.photos_blurred,
    moderator: row.moderator,
    matched: row.matched,
    blocked: row.blocked,
  };
}

export type PhotoAccess = NonNullable<Awaited<ReturnType<typeof findPhotoAccess>>>;

/**
 * Whether `viewerId` may open this file of the photo: its owner and moderators (the report queue)
 * any; anyone a link was made for, the blurred copy; the photo itself only without a block either
 * way, and for a member who blurs their photos only after a match.
 */
export function mayOpenPhoto(access: PhotoAccess, viewerId: string, blurredCopy: boolean) {
  if (access.ownerId === viewerId || access.moderator || blurredCopy) return true;
  if (access.blocked) return false;
  return !access.photosBlurred || access.matched;
}
