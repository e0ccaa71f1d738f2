import {
  MAX_PHOTOS,
  MIN_PHOTOS,
  PRIVACY_VERSION,
  type RegistrationFields,
} from '@mawadda/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Member } from '../../core/member-columns.ts';
import { type MemberTexts, profileTexts } from '../../core/member-texts.ts';
import { addPhotos, findMemberByEmail, insertMember } from '../../core/members.repository.ts';
import type { Database } from '../../db/database.ts';
import type { MailLanguage } from '../../lib/bilingual-mail.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, tooManyRequests } from '../../lib/http-error.ts';
import { createMailCap } from '../../lib/mail-cap.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import type { PasswordHashing } from '../../lib/passwords.ts';
import { type Limit, type RateLimitStore, reserveLimits } from '../../lib/rate-limiter.ts';
import { faithFamilyAnswers } from './faith-family-answers.ts';
import { type PhotoFiles, photoRequired } from './photo-files.ts';
import type { PlaceFinder } from './place.ts';
import {
  REGISTRATION_ATTEMPT_MAILS,
  registrationAttemptMail,
} from './registration-attempt.mail.ts';

/** The one answer to a registration, whether the address was new or already had an account. */
export const REGISTRATION_ANSWER =
  'Thank you. Sign in with your e-mail address and password to continue. If this address already had an account, we have sent it an e-mail.';

/** Registration: a new account with its photos, never telling who is already a member. */
export function createRegistration(deps: {
  db: Database;
  clock: Clock;
  limiter: RateLimitStore;
  mailer: Mailer;
  publicUrl: string;
  photoFiles: PhotoFiles;
  places: PlaceFinder;
  passwords: PasswordHashing;
  /** Registration attempts from one address in an hour, refused ones included. */
  registrationsPerHourPerAddress: number;
  memberTexts: MemberTexts;
}) {
  const { db, places } = deps;
  const mailCap = createMailCap(deps.limiter);
  const registrationsPerAddress: Limit = {
    name: 'register-ip',
    max: deps.registrationsPerHourPerAddress,
    windowMs: 60 * 60 * 1000,
  };

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
      // The account being made is new: its texts may hold no link or number (ADR 043).
      await deps.memberTexts.check(
        { createdAt: deps.clock.now(), verifiedAt: null },
        profileTexts(fields),
      );
      if (files.length < MIN_PHOTOS) {
        throw photoRequired();
      }
      if (files.length > MAX_PHOTOS) throw badRequest('PHOTOS_TOO_MANY');
      const place = places.placeFor(fields);
      const photos = await deps.photoFiles.storePhotos(files);
      let created: Member | undefined;
      try {
        const passwordHash = await deps.passwords.hashPassword(fields.password);
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
            countryCode: place.countryCode,
            latitude: place.latitude,
            longitude: place.longitude,
            bio: fields.bio,
            mutualLike: fields.mutualLike ?? false,
            termsAcceptedAt: deps.clock.now(),
            religiousDataConsentAt: deps.clock.now(),
            religiousDataConsentVersion: PRIVACY_VERSION,
            // A new account has no answers to keep: what the optional step sent, or none.
            ...faithFamilyAnswers(fields),
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
  };
}
