import {
  isSizedPhoto,
  PHOTO_FORMATS,
  PHOTO_WIDTHS,
  photoSizeUrl,
} from '@mawadda/contract/photo-sizes';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import type { MediaLinks } from '../lib/media-links.ts';
import { newMediaKey } from '../lib/media-store.ts';
import type { ProcessedPhoto } from '../lib/photo-processor.ts';
import { blockedBetween, matched, moderatorRoles } from './member-rules.ts';

const WIDTHS = PHOTO_WIDTHS.join('|');
const FORMATS = PHOTO_FORMATS.join('|');
const WIDEST = Math.max(...PHOTO_WIDTHS);

/**
 * A stored profile photo file: one of its sizes (ADR 048), or, for a photo stored before sizes,
 * its display file or thumbnail; or the blurred copy of either kind.
 */
export const PROFILE_PHOTO_KEY = new RegExp(
  `^photos/[0-9a-f-]{36}(?:(?:-thumb|-blur|-${WIDEST}-blur)?\\.webp|-(?:${WIDTHS})\\.(?:${FORMATS}))$`,
);
const BLURRED_SUFFIX = '-blur.webp';
const SIZE_KEY = new RegExp(`^(photos/[0-9a-f-]{36})-(?:${WIDTHS})\\.(?:${FORMATS})$`);

/** The display key of a new photo: its widest WebP, whose name the other sizes derive from. */
const SIZED_DISPLAY_SUFFIX = `-${WIDEST}.webp`;

/** The key of one size of a photo stored with sizes. */
const photoSizeKey = photoSizeUrl;

/** The display key of the photo one of whose sizes this is; undefined for any other key. */
function displayKeyOfSize(key: string): string | undefined {
  const match = SIZE_KEY.exec(key);
  return match ? `${match[1]}${SIZED_DISPLAY_SUFFIX}` : undefined;
}

/** The size `thumbnailUrl` names for a photo stored with sizes: the old thumbnail was 400 px. */
const THUMBNAIL_WIDTH = 480;

/**
 * Keys for a new photo and the files to write under them: every size, and the blurred copy. The
 * widest WebP is the display file (`url`), the 480 px WebP the thumbnail, so clients that know
 * no sizes keep working.
 */
export function newPhotoFiles(photo: ProcessedPhoto) {
  const displayKey = newMediaKey('photos', SIZED_DISPLAY_SUFFIX);
  return {
    displayKey,
    thumbnailKey: photoSizeKey(displayKey, THUMBNAIL_WIDTH, 'webp'),
    files: [
      ...photo.sizes.map((size) => ({
        key: photoSizeKey(displayKey, size.nominalWidth, size.format),
        data: size.data,
      })),
      { key: blurredKeyOf(displayKey), data: photo.blurred },
    ],
  };
}

/**
 * Every file of a photo: its display file, thumbnail, blurred copy and, for a photo stored with
 * sizes, each size in each format. What goes when the photo goes.
 */
export function photoFilesOf(photo: { displayKey: string; thumbnailKey: string }): string[] {
  const sizes = isSizedPhoto(photo.displayKey)
    ? PHOTO_WIDTHS.flatMap((w) => PHOTO_FORMATS.map((f) => photoSizeKey(photo.displayKey, w, f)))
    : [];
  return [
    ...new Set([photo.displayKey, photo.thumbnailKey, blurredKeyOf(photo.displayKey), ...sizes]),
  ];
}

/**
 * The display key a file of a photo is found by in `photos` (a blurred copy, a size), or the key
 * itself (a display file, an old thumbnail).
 */
export function photoKeyOfFile(key: string): string {
  return displayKeyOfBlurred(key) ?? displayKeyOfSize(key) ?? key;
}

/**
 * The blurred copy of a photo lives beside its display file under the same name, so no column
 * names it and the one `photo_keys` copy of the member row serves both (ADR 019).
 */
function blurredKeyOf(displayKey: string): string {
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
      exists (select 1 from members v where v.id = ${viewerId} and v.role in (${moderatorRoles})) as moderator,
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
