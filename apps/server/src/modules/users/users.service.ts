import {
  type CurrentUser,
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
import { type MediaStore, newMediaKey } from '../media/media-store.ts';
import {
  findMemberByEmail,
  findMemberById,
  insertMember,
  insertPhotos,
  listPhotos,
  type NewPhoto,
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
}) {
  const { db, mediaStore } = deps;

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
            latitude: fields.latitude ?? null,
            longitude: fields.longitude ?? null,
            bio: fields.bio,
            mutualLike: fields.mutualLike ?? false,
            termsAcceptedAt: deps.clock.now(),
          });
          if (!created) throw conflict(DUPLICATE_EMAIL_MESSAGE);
          await insertPhotos(tx, photos.rows(created.id, 0));
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

    async currentUser(memberId: string): Promise<CurrentUser> {
      const member = await findMemberById(db, memberId);
      if (!member) throw notFound('This account no longer exists.');
      return toCurrentUser(member, await listPhotos(db, [memberId]));
    },
  };
}
