import {
  type CurrentUser,
  type EditProfileFields,
  errorText,
  MAX_PHOTOS,
  MIN_PHOTOS,
  newPhotoSlotIndex,
  PRIVACY_VERSION,
  type RegistrationFields,
} from '@mawadda/contract';
import type { FastifyBaseLogger } from 'fastify';
import {
  addPhotos,
  findMemberByEmail,
  findMemberById,
  insertMember,
  listPhotos,
  lockMember,
  type Member,
  type NewPhoto,
  recordConsent,
  removePhotos,
  reorderPhotos,
  updateMember,
} from '../../core/members.repository.ts';
import { blurredKeyOf } from '../../core/profile-photos.ts';
import type { Database } from '../../db/database.ts';
import type { PhotoRow } from '../../db/schema.ts';
import type { MailLanguage } from '../../lib/bilingual-mail.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, invalidFields, notFound, tooManyRequests } from '../../lib/http-error.ts';
import { createMailCap } from '../../lib/mail-cap.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import {
  type MediaStore,
  mediaPathOf,
  newMediaKey,
  storageFailure,
} from '../../lib/media-store.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { type ProcessedPhoto, processPhoto } from '../../lib/photo-processor.ts';
import { type Limit, type RateLimitStore, reserveLimits } from '../../lib/rate-limiter.ts';
import type { CityIndex } from '../geo/index.ts';
import type { MediaJanitor } from '../media/index.ts';
import {
  REGISTRATION_ATTEMPT_MAILS,
  registrationAttemptMail,
} from './registration-attempt.mail.ts';

/** The one answer to a registration, whether the address was new or already had an account. */
export const REGISTRATION_ANSWER =
  'Thank you. Sign in with your e-mail address and password to continue. If this address already had an account, we have sent it an e-mail.';
/** At least one photo: the refusal names the photo field, as a form's field refusals do. */
const photoRequired = () =>
  invalidFields([
    { path: 'profilePicture', code: 'PHOTO_REQUIRED', message: errorText('PHOTO_REQUIRED') },
  ]);

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService(deps: {
  db: Database;
  clock: Clock;
  limiter: RateLimitStore;
  mediaStore: MediaStore;
  /** Signs the member's links to their own photos. */
  photoLinks: MediaLinks;
  cities: () => CityIndex;
  mailer: Mailer;
  publicUrl: string;
  janitor: MediaJanitor;
  log: FastifyBaseLogger;
  /** Registration attempts from one address in an hour, refused ones included. */
  registrationsPerHourPerAddress: number;
}) {
  const { db, mediaStore } = deps;
  const mailCap = createMailCap(deps.limiter);
  const registrationsPerAddress: Limit = {
    name: 'register-ip',
    max: deps.registrationsPerHourPerAddress,
    windowMs: 60 * 60 * 1000,
  };

  /**
   * Where the member lives, as the offline index knows it: what they typed ("lyon") is saved as
   * the town it found ("Lyon, France", the country in the member's language), with the form's
   * coordinates when it sent them (those of the town the form looked up) or the town's. A place
   * the index does not know is refused: its name could not be shown as the forms found it, and a
   * member without a position would never be suggested to anyone.
   */
  function placeFor(
    fields: { location: string; latitude?: number; longitude?: number },
    language: MailLanguage,
  ) {
    const [place] = deps.cities().search(fields.location, language, 1);
    if (!place) {
      throw invalidFields([
        { path: 'location', code: 'LOCATION_UNKNOWN', message: errorText('LOCATION_UNKNOWN') },
      ]);
    }
    return {
      location: place.location,
      latitude: fields.latitude ?? place.latitude,
      longitude: fields.longitude ?? place.longitude,
    };
  }

  /** Checks and re-encodes every photo, then stores them; nothing is kept if one is refused. */
  async function storePhotos(files: UploadedFile[]) {
    const processed: ProcessedPhoto[] = [];
    for (const [index, file] of files.entries()) {
      processed.push(await processPhoto(file.data, { index: index + 1, name: file.filename }));
    }
    const stored = processed.map((photo) => ({
      photo,
      displayKey: newMediaKey('photos', '.webp'),
      thumbnailKey: newMediaKey('photos', '-thumb.webp'),
    }));
    const discard = () =>
      // Best effort: what a failing disk keeps is an orphan the janitor deletes later.
      mediaStore
        .remove(stored.flatMap((s) => [s.displayKey, s.thumbnailKey, blurredKeyOf(s.displayKey)]))
        .catch(() => {});
    const writes = await Promise.allSettled(
      stored.flatMap((s) => [
        mediaStore.put(s.displayKey, s.photo.display.data),
        mediaStore.put(s.thumbnailKey, s.photo.thumbnail.data),
        mediaStore.put(blurredKeyOf(s.displayKey), s.photo.blurred),
      ]),
    );
    const failed = writes.find((w) => w.status === 'rejected');
    if (failed) {
      await discard();
      throw storageFailure(failed.reason);
    }
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
      discard,
    };
  }

  /**
   * Finds a photo of the member by its display or thumbnail URL (absolute or not). By its path
   * alone: the form sends back the signed links it was given, whatever their signature.
   */
  function photoByUrl(current: PhotoRow[]) {
    const byPath = new Map(
      current.flatMap((p) => [
        [mediaStore.urlFor(p.displayKey), p],
        [mediaStore.urlFor(p.thumbnailKey), p],
      ]),
    );
    return (url: string) => {
      const path = mediaPathOf(url);
      return path === undefined ? undefined : byPath.get(path);
    };
  }

  /** The member's photos named by `urls` (display or thumbnail); a foreign URL is refused. */
  function photosToRemove(current: PhotoRow[], urls: string[]): PhotoRow[] {
    const find = photoByUrl(current);
    const removing = new Map<string, PhotoRow>();
    for (const url of urls) {
      const photo = find(url);
      if (!photo) throw badRequest('PHOTO_NOT_YOURS');
      removing.set(photo.id, photo);
    }
    return [...removing.values()];
  }

  /**
   * The display keys in the order the member chose: kept photos by URL, new files by slot. A
   * photo that is not the member's (or no longer is), a slot without a file, or a photo named
   * twice is refused.
   */
  function photoOrderKeys(order: string[], kept: PhotoRow[], added: NewPhoto[]): string[] {
    const find = photoByUrl(kept);
    const keys: string[] = [];
    for (const entry of order) {
      const slot = newPhotoSlotIndex(entry);
      const key = slot === undefined ? find(entry)?.displayKey : added[slot]?.displayKey;
      if (!key || keys.includes(key)) throw badRequest('PHOTO_ORDER_INVALID');
      keys.push(key);
    }
    return keys;
  }

  async function tellOwner(
    email: string,
    request: { language: MailLanguage; log: FastifyBaseLogger },
  ) {
    const owner = await findMemberByEmail(db, email);
    if (!owner) return;
    if (!(await mailCap.take(owner.email, REGISTRATION_ATTEMPT_MAILS))) {
      request.log.info({ memberId: owner.id }, 'Registration attempt mail not sent: told already');
      return;
    }
    await deps.mailer.send(
      registrationAttemptMail({
        to: owner.email,
        name: owner.name,
        publicUrl: deps.publicUrl,
        language: request.language,
      }),
    );
  }

  function toCurrentUser(member: Member, memberPhotos: PhotoRow[]): CurrentUser {
    const own = (key: string) => deps.photoLinks.urlFor(member.id, key);
    const mediaUrls = memberPhotos.map((p) => own(p.displayKey));
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
      photosBlurred: member.photosBlurred,
      mediaUrls,
      photos: memberPhotos.map((p) => ({
        url: own(p.displayKey),
        thumbnailUrl: own(p.thumbnailKey),
        width: p.width,
        height: p.height,
      })),
      profileComplete: Boolean(member.bio && member.gender && mediaUrls.length > 0),
      createdAt: member.createdAt.toISOString(),
      subscription:
        member.subscriptionPlan &&
        member.subscriptionEndsAt &&
        member.subscriptionEndsAt > deps.clock.now()
          ? { plan: member.subscriptionPlan, endsAt: member.subscriptionEndsAt.toISOString() }
          : null,
      role: member.role,
      religiousDataConsent:
        member.religiousDataConsentAt && member.religiousDataConsentVersion
          ? {
              version: member.religiousDataConsentVersion,
              givenAt: member.religiousDataConsentAt.toISOString(),
            }
          : null,
      consentRequired: member.religiousDataConsentVersion !== PRIVACY_VERSION,
    };
  }

  return {
    /**
     * Creates an account. Every attempt counts against the address's limit before anything is
     * read or decoded, refused ones included. An address that already has an account gets the
     * same answer after the same work (photos decoded, password hashed), and its owner an
     * e-mail sent after the answer: the answer never tells who is a member.
     */
    async register(
      request: { ip: string; language: MailLanguage; log: FastifyBaseLogger },
      readForm: () => Promise<{ fields: RegistrationFields; files: UploadedFile[] }>,
    ): Promise<{ message: string }> {
      await reserveLimits(
        deps.limiter,
        [{ limit: registrationsPerAddress, key: request.ip }],
        (ms) => tooManyRequests(ms),
      );
      const { fields, files } = await readForm();
      if (files.length < MIN_PHOTOS) {
        throw photoRequired();
      }
      if (files.length > MAX_PHOTOS) throw badRequest('PHOTOS_TOO_MANY');
      const place = placeFor(fields, request.language);
      const photos = await storePhotos(files);
      let created: Member | undefined;
      try {
        const passwordHash = await hashPassword(fields.password);
        // The unique index decides, so two registrations of one address at once make one account.
        created = await db.transaction(async (tx) => {
          const member = await insertMember(tx, {
            email: fields.username,
            passwordHash,
            name: fields.name,
            age: fields.age,
            gender: fields.gender,
            maritalStatus: fields.maritalStatus,
            hasChildren: fields.hasChildren ?? 'not specified',
            skinTone: fields.skinTone ?? null,
            location: place.location,
            latitude: place.latitude,
            longitude: place.longitude,
            bio: fields.bio,
            mutualLike: fields.mutualLike ?? false,
            termsAcceptedAt: deps.clock.now(),
            religiousDataConsentAt: deps.clock.now(),
            religiousDataConsentVersion: PRIVACY_VERSION,
          });
          if (member) await addPhotos(tx, photos.rows(member.id, 0));
          return member;
        });
      } catch (error) {
        await photos.discard();
        throw error;
      }
      if (!created) {
        await photos.discard();
        tellOwner(fields.username, request).catch((error) =>
          request.log.error({ err: error }, 'Registration attempt mail failed'),
        );
      }
      return { message: REGISTRATION_ANSWER };
    },

    /**
     * Edits the profile: fields, photos removed by URL, photos added, and their order when the
     * form sends one (the first is the main photo). At least one photo must remain; new files
     * are written before the transaction and removed again if it fails, and the removed photos'
     * files go only once the change is committed. The member row is locked meanwhile, so two
     * edits at once can neither both pass the photo count nor take the same photo position.
     */
    async update(
      memberId: string,
      fields: EditProfileFields,
      files: UploadedFile[],
      language: MailLanguage,
    ) {
      if (files.length > MAX_PHOTOS) throw badRequest('PHOTOS_TOO_MANY');
      const added = await storePhotos(files);
      try {
        await db.transaction(async (tx) => {
          const member = await lockMember(tx, memberId);
          if (!member) throw notFound('ACCOUNT_GONE');
          const current = await listPhotos(tx, [memberId]);
          const removing = photosToRemove(current, fields.imagesToRemove);
          const remaining = current.length - removing.length + files.length;
          if (remaining < MIN_PHOTOS) {
            throw photoRequired();
          }
          if (remaining > MAX_PHOTOS) {
            throw badRequest('PHOTOS_TOO_MANY');
          }
          const locationChanged = fields.location !== member.location;
          const place =
            fields.latitude !== undefined || locationChanged
              ? placeFor(fields, language)
              : {
                  location: member.location,
                  latitude: member.latitude,
                  longitude: member.longitude,
                };
          await updateMember(tx, memberId, {
            name: fields.name,
            age: fields.age,
            gender: fields.gender,
            maritalStatus: fields.maritalStatus,
            location: place.location,
            latitude: place.latitude,
            longitude: place.longitude,
            hasChildren: fields.hasChildren ?? member.hasChildren,
            skinTone: fields.skinTone ?? null,
            bio: fields.bio ?? null,
            photosBlurred: fields.photosBlurred ?? member.photosBlurred,
          });
          const nextPosition = Math.max(-1, ...current.map((p) => p.position)) + 1;
          const newRows = added.rows(memberId, nextPosition);
          const kept = current.filter((p) => !removing.includes(p));
          const order = photoOrderKeys(fields.photoOrder, kept, newRows);
          await removePhotos(
            tx,
            memberId,
            removing.map((p) => p.id),
          );
          await addPhotos(tx, newRows);
          await reorderPhotos(tx, memberId, order);
        });
      } catch (error) {
        await added.discard();
        throw error;
      }
      // The removed photos' files were queued with the change; they go now, or at the next sweep.
      deps.janitor.sweepQueue().catch((err) => deps.log.warn({ err }, 'Media deletion failed'));
      return this.currentUser(memberId);
    },

    /**
     * Records the member's explicit consent to the current privacy text. Consenting again to the
     * same version keeps the time it was first given.
     */
    async giveConsent(memberId: string): Promise<CurrentUser> {
      await recordConsent(db, memberId, PRIVACY_VERSION, deps.clock.now());
      return this.currentUser(memberId);
    },

    async currentUser(memberId: string): Promise<CurrentUser> {
      const member = await findMemberById(db, memberId);
      if (!member) throw notFound('ACCOUNT_GONE');
      return toCurrentUser(member, await listPhotos(db, [memberId]));
    },
  };
}
