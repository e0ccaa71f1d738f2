import {
  type CurrentUser,
  type EditProfileFields,
  MAX_PHOTOS,
  MIN_PHOTOS,
  type RegistrationFields,
} from '@mawadda/contract';
import type { Database } from '../../db/database.ts';
import type { MemberRow, PhotoRow } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, notFound, tooManyRequests } from '../../lib/http-error.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import { hashPassword } from '../../lib/passwords.ts';
import {
  countAgainstLimits,
  ensureUnderLimits,
  type Limit,
  type RateLimitStore,
} from '../../lib/rate-limiter.ts';
import type { CityIndex } from '../geo/city-index.ts';
import { type MediaStore, newMediaKey } from '../media/media-store.ts';
import {
  addPhotos,
  findMemberByEmail,
  findMemberById,
  insertMember,
  listPhotos,
  lockMember,
  type NewPhoto,
  removePhotos,
  updateMember,
} from './members.repository.ts';
import { type ProcessedPhoto, processPhoto } from './photo-processor.ts';

export const registrationsPerAddress = {
  name: 'register-ip',
  max: 10,
  windowMs: 60 * 60 * 1000,
} satisfies Limit;

export const DUPLICATE_EMAIL_MESSAGE = 'An account with this e-mail address already exists.';
export const PHOTO_REQUIRED_MESSAGE = 'Please add at least one photo.';

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService(deps: {
  db: Database;
  clock: Clock;
  limiter: RateLimitStore;
  mediaStore: MediaStore;
  cities: () => CityIndex;
}) {
  const { db, mediaStore } = deps;

  /**
   * The form's coordinates when it sent them; otherwise the typed location looked up in the
   * offline index, so a member who refused geolocation still has a position to be suggested by.
   */
  function coordinatesFor(fields: { location: string; latitude?: number; longitude?: number }) {
    if (fields.latitude !== undefined && fields.longitude !== undefined) {
      return { latitude: fields.latitude, longitude: fields.longitude };
    }
    const [place] = deps.cities().search(fields.location, 'en', 1);
    return place
      ? { latitude: place.latitude, longitude: place.longitude }
      : { latitude: null, longitude: null };
  }

  /** Checks and re-encodes every photo, then stores them; nothing is kept if one is refused. */
  async function storePhotos(files: UploadedFile[]) {
    const processed: ProcessedPhoto[] = [];
    for (const [index, file] of files.entries()) {
      processed.push(await processPhoto(file.data, `Photo ${index + 1} (${file.filename})`));
    }
    const stored = processed.map((photo) => ({
      photo,
      displayKey: newMediaKey('photos', '.webp'),
      thumbnailKey: newMediaKey('photos', '-thumb.webp'),
    }));
    await Promise.all(
      stored.flatMap((s) => [
        mediaStore.put(s.displayKey, s.photo.display.data),
        mediaStore.put(s.thumbnailKey, s.photo.thumbnail.data),
      ]),
    );
    return {
      rows: (memberId: string, firstPosition: number): NewPhoto[] =>
        stored.map((s, i) => ({
          memberId,
          position: firstPosition + i,
          displayKey: s.displayKey,
          thumbnailKey: s.thumbnailKey,
          width: s.photo.display.width,
          height: s.photo.display.height,
        })),
      discard: () => mediaStore.remove(stored.flatMap((s) => [s.displayKey, s.thumbnailKey])),
    };
  }

  /** The member's photos named by `urls` (display or thumbnail); a foreign URL is refused. */
  function photosToRemove(current: PhotoRow[], urls: string[]): PhotoRow[] {
    const byUrl = new Map(
      current.flatMap((p) => [
        [mediaStore.urlFor(p.displayKey), p],
        [mediaStore.urlFor(p.thumbnailKey), p],
      ]),
    );
    const removing = new Map<string, PhotoRow>();
    for (const url of urls) {
      const photo = byUrl.get(new URL(url, 'http://x').pathname);
      if (!photo) throw badRequest('A photo to remove is not one of your photos.');
      removing.set(photo.id, photo);
    }
    return [...removing.values()];
  }

  function toCurrentUser(member: MemberRow, memberPhotos: PhotoRow[]): CurrentUser {
    const mediaUrls = memberPhotos.map((p) => mediaStore.urlFor(p.displayKey));
    return {
      id: member.id,
      username: member.email,
      name: member.name,
      age: member.age,
      gender: member.gender,
      maritalStatus: member.maritalStatus,
      hasChildren: member.hasChildren,
      skinTone: member.skinTone,
      location: member.location,
      latitude: member.latitude,
      longitude: member.longitude,
      bio: member.bio,
      mutualLike: member.mutualLike,
      mediaUrls,
      photos: memberPhotos.map((p) => ({
        url: mediaStore.urlFor(p.displayKey),
        thumbnailUrl: mediaStore.urlFor(p.thumbnailKey),
        width: p.width,
        height: p.height,
      })),
      profileComplete: Boolean(member.bio && member.gender && mediaUrls.length > 0),
      createdAt: member.createdAt.toISOString(),
    };
  }

  return {
    async register(
      fields: RegistrationFields,
      files: UploadedFile[],
      ip: string,
    ): Promise<{ id: string }> {
      const limit = [{ limit: registrationsPerAddress, key: ip }];
      await ensureUnderLimits(deps.limiter, limit, (ms) =>
        tooManyRequests(ms, 'new accounts from this network'),
      );
      if (files.length < MIN_PHOTOS) {
        throw badRequest(PHOTO_REQUIRED_MESSAGE, [
          { path: 'profilePicture', message: PHOTO_REQUIRED_MESSAGE },
        ]);
      }
      if (files.length > MAX_PHOTOS)
        throw badRequest(`Please choose at most ${MAX_PHOTOS} photos.`);
      // Cheap early answer; the unique index still decides when two registrations race.
      if (await findMemberByEmail(db, fields.username)) throw conflict(DUPLICATE_EMAIL_MESSAGE);
      const photos = await storePhotos(files);
      try {
        const passwordHash = await hashPassword(fields.password);
        const member = await db.transaction(async (tx) => {
          const created = await insertMember(tx, {
            email: fields.username,
            passwordHash,
            name: fields.name,
            age: fields.age,
            gender: fields.gender,
            maritalStatus: fields.maritalStatus,
            hasChildren: fields.hasChildren ?? 'not specified',
            skinTone: fields.skinTone ?? null,
            location: fields.location,
            ...coordinatesFor(fields),
            bio: fields.bio,
            mutualLike: fields.mutualLike ?? false,
            termsAcceptedAt: deps.clock.now(),
          });
          if (!created) throw conflict(DUPLICATE_EMAIL_MESSAGE);
          await addPhotos(tx, photos.rows(created.id, 0));
          return created;
        });
        // Only accounts actually created count: a refused form is cheap and often retried.
        await countAgainstLimits(deps.limiter, limit);
        return { id: member.id };
      } catch (error) {
        await photos.discard();
        throw error;
      }
    },

    /**
     * Edits the profile: fields, photos removed by URL, photos added. At least one photo must
     * remain; new files are written before the transaction and removed again if it fails, and
     * the removed photos' files go only once the change is committed. The member row is locked
     * meanwhile, so two edits at once can neither both pass the photo count nor take the same
     * photo position.
     */
    async update(memberId: string, fields: EditProfileFields, files: UploadedFile[]) {
      if (files.length > MAX_PHOTOS) throw badRequest(`Please keep at most ${MAX_PHOTOS} photos.`);
      const added = await storePhotos(files);
      let removed: PhotoRow[];
      try {
        removed = await db.transaction(async (tx) => {
          const member = await lockMember(tx, memberId);
          if (!member) throw notFound('This account no longer exists.');
          const current = await listPhotos(tx, [memberId]);
          const removing = photosToRemove(current, fields.imagesToRemove);
          const remaining = current.length - removing.length + files.length;
          if (remaining < MIN_PHOTOS) {
            throw badRequest(PHOTO_REQUIRED_MESSAGE, [
              { path: 'profilePicture', message: PHOTO_REQUIRED_MESSAGE },
            ]);
          }
          if (remaining > MAX_PHOTOS) {
            throw badRequest(`Please keep at most ${MAX_PHOTOS} photos.`);
          }
          const locationChanged = fields.location !== member.location;
          const coordinates =
            fields.latitude !== undefined || locationChanged
              ? coordinatesFor(fields)
              : { latitude: member.latitude, longitude: member.longitude };
          await updateMember(tx, memberId, {
            name: fields.name,
            age: fields.age,
            gender: fields.gender,
            maritalStatus: fields.maritalStatus,
            location: fields.location,
            ...coordinates,
            hasChildren: fields.hasChildren ?? member.hasChildren,
            skinTone: fields.skinTone ?? null,
            bio: fields.bio ?? null,
          });
          await removePhotos(
            tx,
            memberId,
            removing.map((p) => p.id),
          );
          const nextPosition = Math.max(-1, ...current.map((p) => p.position)) + 1;
          await addPhotos(tx, added.rows(memberId, nextPosition));
          return removing;
        });
      } catch (error) {
        await added.discard();
        throw error;
      }
      await mediaStore.remove(removed.flatMap((p) => [p.displayKey, p.thumbnailKey]));
      return this.currentUser(memberId);
    },

    async currentUser(memberId: string): Promise<CurrentUser> {
      const member = await findMemberById(db, memberId);
      if (!member) throw notFound('This account no longer exists.');
      return toCurrentUser(member, await listPhotos(db, [memberId]));
    },
  };
}
