import {
  type CurrentUser,
  type EditProfileFields,
  MAX_PHOTOS,
  MIN_PHOTOS,
  PRIVACY_VERSION,
  placeText,
} from '@mawadda/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type MemberTexts, profileTexts } from '../../core/member-texts.ts';
import {
  addPhotos,
  findMemberById,
  listPhotos,
  lockMember,
  recordConsent,
  removePhotos,
  reorderPhotos,
  updateMember,
} from '../../core/members.repository.ts';
import {
  listPromptAnswers,
  promptTexts,
  replacePromptAnswers,
} from '../../core/profile-prompts.ts';
import { findVoiceIntroduction } from '../../core/voice-introductions.ts';
import type { Database, Transaction } from '../../db/database.ts';
import type { MailLanguage } from '../../lib/bilingual-mail.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import type { MediaJanitor } from '../media/index.ts';
import { toCurrentUser } from './current-user.ts';
import { faithFamilyAnswers } from './faith-family-answers.ts';
import { type PhotoFiles, photoRequired } from './photo-files.ts';
import type { PlaceFinder } from './place.ts';

/** Profile editing: the member's own profile, read and changed, photos included, and consent. */
export function createProfileEditing(deps: {
  db: Database;
  clock: Clock;
  /** Signs the member's links to their own photos. */
  photoLinks: MediaLinks;
  /** Signs the member's link to their own voice introduction (private media). */
  voiceLinks: MediaLinks;
  photoFiles: PhotoFiles;
  places: PlaceFinder;
  janitor: MediaJanitor;
  log: FastifyBaseLogger;
  /**
   * The main photo changed, in the edit's transaction: a verified member's badge waits for a
   * moderator to match it to their selfie again (ADR 044). Wired by app.ts.
   */
  onMainPhotoChanged?(tx: Transaction, memberId: string): Promise<void>;
  memberTexts: MemberTexts;
}) {
  const { db, places } = deps;

  async function currentUser(memberId: string, language: MailLanguage): Promise<CurrentUser> {
    const member = await findMemberById(db, memberId);
    if (!member) throw notFound('ACCOUNT_GONE');
    const memberPhotos = await listPhotos(db, [memberId]);
    const extras = {
      promptAnswers: await listPromptAnswers(db, memberId),
      voiceIntroduction: await findVoiceIntroduction(db, memberId),
    };
    return toCurrentUser(deps, member, memberPhotos, extras, language);
  }

  return {
    /**
     * Edits the profile: fields, answers to prompts when the form sends them (ADR 072), photos
     * removed by URL, photos added, and their order when the form sends one (the first is the
     * main photo). At least one photo must remain; new files
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
      await deps.memberTexts.check(memberId, {
        ...profileTexts(fields),
        ...promptTexts(fields.promptAnswers),
      });
      const added = await deps.photoFiles.storePhotos(files);
      try {
        await db.transaction(async (tx) => {
          const member = await lockMember(tx, memberId);
          if (!member) throw notFound('ACCOUNT_GONE');
          const current = await listPhotos(tx, [memberId]);
          const removing = deps.photoFiles.photosToRemove(current, fields.imagesToRemove);
          const remaining = current.length - removing.length + files.length;
          if (remaining < MIN_PHOTOS) {
            throw photoRequired();
          }
          if (remaining > MAX_PHOTOS) {
            throw badRequest('PHOTOS_TOO_MANY');
          }
          // The form shows the place as `currentUser` named it, in the member's language.
          const locationChanged = fields.location !== placeText(member, language);
          const place =
            fields.latitude !== undefined || locationChanged
              ? places.placeFor(fields)
              : places.unchanged(member);
          await updateMember(tx, memberId, {
            name: fields.name,
            age: fields.age,
            gender: fields.gender,
            maritalStatus: fields.maritalStatus,
            location: place.location,
            countryCode: place.countryCode,
            latitude: place.latitude,
            longitude: place.longitude,
            hasChildren: fields.hasChildren ?? member.hasChildren,
            skinTone: fields.skinTone ?? null,
            bio: fields.bio ?? null,
            photosBlurred: fields.photosBlurred ?? member.photosBlurred,
            verifiedWritersOnly: fields.verifiedWritersOnly ?? member.verifiedWritersOnly,
            // A woman's choice (ADR 069): a member who is no longer one keeps none of it.
            womenWriteFirst:
              fields.gender === 'femme' && (fields.womenWriteFirst ?? member.womenWriteFirst),
            // A form without the section (an app from before it) keeps the stored answers.
            ...(fields.faithFamily ? faithFamilyAnswers(fields) : {}),
          });
          if (fields.promptAnswers) {
            await replacePromptAnswers(tx, memberId, fields.promptAnswers);
          }
          const nextPosition = Math.max(-1, ...current.map((p) => p.position)) + 1;
          const newRows = added.rows(memberId, nextPosition);
          const kept = current.filter((p) => !removing.includes(p));
          const order = deps.photoFiles.photoOrderKeys(fields.photoOrder, kept, newRows);
          await removePhotos(
            tx,
            memberId,
            removing.map((p) => p.id),
          );
          await addPhotos(tx, newRows);
          await reorderPhotos(tx, memberId, order);
          const after = await findMemberById(tx, memberId);
          if (member.photoKeys[0] !== after?.photoKeys[0]) {
            await deps.onMainPhotoChanged?.(tx, memberId);
          }
        });
      } catch (error) {
        await added.discard();
        throw error;
      }
      // The removed photos' files were queued with the change; they go now, or at the next sweep.
      deps.janitor.sweepQueue().catch((err) => deps.log.warn({ err }, 'Media deletion failed'));
      return currentUser(memberId, language);
    },

    /**
     * Records the member's explicit consent to the current privacy text. Consenting again to the
     * same version keeps the time it was first given.
     */
    async giveConsent(memberId: string, language: MailLanguage): Promise<CurrentUser> {
      await recordConsent(db, memberId, PRIVACY_VERSION, deps.clock.now());
      return currentUser(memberId, language);
    },

    currentUser,
  };
}
