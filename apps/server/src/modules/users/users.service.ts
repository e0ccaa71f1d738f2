import type { FastifyBaseLogger } from 'fastify';
import type { MemberTexts } from '../../core/member-texts.ts';
import type { Database, Transaction } from '../../db/database.ts';
import type { MailLanguage } from '../../lib/bilingual-mail.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import type { MediaStore } from '../../lib/media-store.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import type { PasswordHashing } from '../../lib/passwords.ts';
import type { RateLimitStore } from '../../lib/rate-limiter.ts';
import type { CityIndex } from '../geo/index.ts';
import type { MediaJanitor } from '../media/index.ts';
import { createPhotoFiles } from './photo-files.ts';
import { createPlaceFinder } from './place.ts';
import { createProfileEditing } from './profile-editing.ts';
import { createRegistration } from './registration.ts';
import { createVoiceIntroductions } from './voice-introduction.ts';

export { REGISTRATION_ANSWER } from './registration.ts';

export type UsersService = ReturnType<typeof createUsersService>;

/**
 * The users module's service, in parts with one job each: registration (`registration.ts`),
 * profile editing and consent (`profile-editing.ts`), the member's voice introduction
 * (`voice-introduction.ts`), and the member's photo files (`photo-files.ts`), which the first two
 * use, as they use the place lookup (`place.ts`).
 */
export function createUsersService(deps: {
  db: Database;
  clock: Clock;
  limiter: RateLimitStore;
  mediaStore: MediaStore;
  /** Signs the member's links to their own photos. */
  photoLinks: MediaLinks;
  /** The private media store and its links: the member's voice introduction (ADR 072). */
  privateMedia: MediaStore;
  voiceLinks: MediaLinks;
  cities: () => CityIndex;
  mailer: Mailer;
  publicUrl: string;
  janitor: MediaJanitor;
  log: FastifyBaseLogger;
  passwords: PasswordHashing;
  /** Registration attempts from one address in an hour, refused ones included. */
  registrationsPerHourPerAddress: number;
  onMainPhotoChanged?(tx: Transaction, memberId: string): Promise<void>;
  /** Reads what a profile shows others with the scam shield's and new accounts' rules. */
  memberTexts: MemberTexts;
}) {
  const photoFiles = createPhotoFiles(deps.mediaStore);
  const places = createPlaceFinder(deps.cities);
  const registration = createRegistration({ ...deps, photoFiles, places });
  const profile = createProfileEditing({ ...deps, photoFiles, places });
  const voice = createVoiceIntroductions(deps);
  return {
    register: registration.register,
    update: profile.update,
    async saveVoiceIntroduction(
      memberId: string,
      audio: UploadedFile | undefined,
      language: MailLanguage,
    ) {
      await voice.save(memberId, audio);
      return profile.currentUser(memberId, language);
    },
    async removeVoiceIntroduction(memberId: string, language: MailLanguage) {
      await voice.remove(memberId);
      return profile.currentUser(memberId, language);
    },
    giveConsent: profile.giveConsent,
    currentUser: profile.currentUser,
  };
}
