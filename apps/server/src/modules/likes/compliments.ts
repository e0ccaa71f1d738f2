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
  memberPromptAnswered,
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
 * blurred copy), an answer they do not give or do not show (400), a prompt they do not answer
 * now, never having answered it or since they or a moderator removed it (404; answers to prompts
 * are shown to whoever sees the profile, ADR 072). Nothing is stored before.
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
  if (about.kind === 'prompt') {
    if (!(await memberPromptAnswered(db, liked.id, about.prompt))) {
      throw new HttpError(404, 'COMPLIMENT_PROMPT_NOT_ANSWERED');
    }
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

type StoredCompliment = NonNullable<Awaited<ReturnType<typeof listLikers>>[number]['compliment']>;

/**
 * What a stored compliment is about, for its receiver: her own photo's thumbnail, unblurred (it
 * is hers), null once removed; the answer's key; or the prompt's key and her answer as it reads
 * now, null once removed (ADR 071).
 */
function aboutOf(
  photoLinks: MediaLinks,
  memberId: string,
  compliment: StoredCompliment,
): ReceivedCompliment['about'] {
  if (compliment.aboutKind === 'answer' && compliment.answerKey) {
    return { kind: 'answer', key: compliment.answerKey };
  }
  if (compliment.aboutKind === 'prompt' && compliment.prompt) {
    return { kind: 'prompt', prompt: compliment.prompt, answer: compliment.promptAnswer };
  }
  return {
    kind: 'photo',
    thumbnailUrl: compliment.photoThumbnailKey
      ? photoLinks.urlFor(memberId, compliment.photoThumbnailKey)
      : null,
  };
}

/**
 * The compliment of a like as its receiver sees it: what it is about, and what the shield found,
 * for her warning.
 */
export function receivedCompliment(
  photoLinks: MediaLinks,
  memberId: string,
  { compliment }: Pick<Awaited<ReturnType<typeof listLikers>>[number], 'compliment'>,
): ReceivedCompliment | null {
  if (!compliment?.note || !compliment.aboutKind) return null;
  return {
    note: compliment.note,
    about: aboutOf(photoLinks, memberId, compliment),
    shield: shieldRules(compliment.shield ?? 0),
  };
}
