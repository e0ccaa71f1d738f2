import {
  type ComplimentAnswerKey,
  type ComplimentRequest,
  PREFER_NOT_TO_SAY,
  type ReceivedCompliment,
} from '@mawadda/contract';
import type { Member } from '../../core/member-columns.ts';
import type { MemberTexts } from '../../core/member-texts.ts';
import { faithFamilyOf } from '../../core/member-view.ts';
import { shieldRules } from '../../core/scam-rules.ts';
import type { Executor } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import {
  type CheckedCompliment,
  likeExists,
  type listLikers,
  memberPhotoExists,
} from './likes.repository.ts';

/**
 * A like's compliment (ADR 071): checked before anything is counted or stored, and shown to its
 * receiver in who liked her.
 */

/**
 * Whether the liked member gives this answer and shows it to someone they have not matched with
 * (the liker, before this like): a bio that says something, an answer that is not "prefer not to
 * say", a faith field they do not keep for matches only (ADR 041).
 */
function answerShown(liked: Member, key: ComplimentAnswerKey): boolean {
  if (key === 'bio') return Boolean(liked.bio?.trim());
  const value = faithFamilyOf(liked, 'other')[key];
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'string') return value.trim() !== '' && value !== PREFER_NOT_TO_SAY;
  return false;
}

/**
 * Refuses a compliment about what the liker is not shown (ADR 071): a photo that is not the liked
 * member's (404), any photo of a member who blurs theirs until a match (403: the liker sees a
 * blurred copy), an answer they do not give or do not show (400). Nothing is stored before.
 */
async function assertTargetShown(
  db: Executor,
  liked: Member,
  about: ComplimentRequest['about'],
): Promise<void> {
  if (about.kind === 'answer') {
    if (!answerShown(liked, about.key)) throw new HttpError(400, 'COMPLIMENT_ANSWER_NOT_SHOWN');
    return;
  }
  if (!(await memberPhotoExists(db, liked.id, about.photoId))) {
    throw new HttpError(404, 'COMPLIMENT_PHOTO_NOT_FOUND');
  }
  if (liked.photosBlurred) throw new HttpError(403, 'COMPLIMENT_PHOTO_NOT_SHOWN');
}

/**
 * A compliment's refusals, before anything is counted or stored: a member in exclusive mode, who
 * receives no new compliments (403, ADR 070), a like already sent (the pair has one like, and the
 * note came with it or never: 409), a target the liker is not shown, and the scam shield's
 * reading of the note (a new account's link or number: 403, ADR 043).
 */
export async function checkCompliment(
  deps: { db: Executor; memberTexts: MemberTexts },
  liker: Member,
  liked: Member,
  compliment: ComplimentRequest,
): Promise<CheckedCompliment> {
  if (liked.exclusiveWith !== null) throw new HttpError(403, 'MEMBER_IN_EXCLUSIVE_MODE');
  if (await likeExists(deps.db, liker.id, liked.id)) {
    throw new HttpError(409, 'COMPLIMENT_ALREADY_LIKED');
  }
  await assertTargetShown(deps.db, liked, compliment.about);
  const shield = await deps.memberTexts.check(liker.id, { 'compliment.note': compliment.note });
  return { note: compliment.note, shield, about: compliment.about };
}

/**
 * The compliment of a like as its receiver sees it: her own photo's thumbnail, unblurred (it is
 * hers), or the answer's key; and what the shield found, for her warning.
 */
export function receivedCompliment(
  photoLinks: MediaLinks,
  memberId: string,
  { compliment }: Pick<Awaited<ReturnType<typeof listLikers>>[number], 'compliment'>,
): ReceivedCompliment | null {
  if (!compliment?.note || !compliment.aboutKind) return null;
  return {
    note: compliment.note,
    about:
      compliment.aboutKind === 'answer' && compliment.answerKey
        ? { kind: 'answer', key: compliment.answerKey }
        : {
            kind: 'photo',
            thumbnailUrl: compliment.photoThumbnailKey
              ? photoLinks.urlFor(memberId, compliment.photoThumbnailKey)
              : null,
          },
    shield: shieldRules(compliment.shield ?? 0),
  };
}
