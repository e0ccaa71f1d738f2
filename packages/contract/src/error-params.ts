import {
  BIO_MAX_LENGTH,
  CHAT_IMAGE_MAX_BYTES,
  CHAT_MESSAGE_MAX_LENGTH,
  COMPLIMENT_NOTE_MAX_LENGTH,
  LOCATION_MAX_LENGTH,
  MAX_AGE,
  MAX_PHOTOS,
  MIN_AGE,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHOTO_MAX_BYTES,
  PROFESSION_MAX_LENGTH,
  PUSH_ENDPOINT_MAX_LENGTH,
  REVERT_SINCE_MIN_YEAR,
  STAY_MAX_DAYS,
  STAYS_MAX,
  SUGGESTIONS_PAGE_SIZE,
  VOICE_NOTE_MAX_BYTES,
  VOICE_NOTE_MAX_SECONDS,
} from './constants.ts';
import {
  PROMPT_ANSWER_MAX_LENGTH,
  PROMPT_ANSWERS_MAX,
  VOICE_INTRODUCTION_MAX_BYTES,
  VOICE_INTRODUCTION_MAX_SECONDS,
} from './profile-prompts.ts';

export type ErrorParams = Record<string, string | number>;

/**
 * The numbers a field rule's text needs, from the business constants, by error code. Apart from
 * the texts (error-codes.ts) so the web's first route has them without the whole catalogue; keyed
 * by plain strings so that this file imports nothing from the catalogue, which imports it (no
 * loop, even of types): contract.test.ts holds each key to a code whose text names its numbers.
 */
export const ERROR_DEFAULT_PARAMS: Partial<Record<string, ErrorParams>> = {
  NAME_TOO_LONG: { max: NAME_MAX_LENGTH },
  LOCATION_TOO_LONG: { max: LOCATION_MAX_LENGTH },
  STAY_TOO_LONG: { maxDays: STAY_MAX_DAYS },
  STAYS_TOO_MANY: { max: STAYS_MAX },
  BIO_TOO_LONG: { max: BIO_MAX_LENGTH },
  PROFESSION_TOO_LONG: { max: PROFESSION_MAX_LENGTH },
  COMPLIMENT_NOTE_TOO_LONG: { max: COMPLIMENT_NOTE_MAX_LENGTH },
  REVERT_SINCE_INVALID: { min: REVERT_SINCE_MIN_YEAR },
  AGE_TOO_YOUNG: { min: MIN_AGE },
  PUSH_ENDPOINT_TOO_LONG: { max: PUSH_ENDPOINT_MAX_LENGTH },
  PASSWORD_TOO_SHORT: { min: PASSWORD_MIN_LENGTH },
  PASSWORD_TOO_LONG: { max: PASSWORD_MAX_LENGTH },
  PHOTOS_TOO_MANY: { max: MAX_PHOTOS },
  PHOTO_TOO_LARGE: { maxMb: PHOTO_MAX_BYTES / 1024 / 1024 },
  PAGE_SIZE_INVALID: { max: SUGGESTIONS_PAGE_SIZE },
  AGE_FILTER_INVALID: { min: MIN_AGE, max: MAX_AGE },
  CHAT_MESSAGE_TOO_LONG: { max: CHAT_MESSAGE_MAX_LENGTH },
  CHAT_IMAGE_TOO_LARGE: { maxMb: CHAT_IMAGE_MAX_BYTES / 1024 / 1024 },
  VOICE_NOTE_TOO_LARGE: { maxMb: VOICE_NOTE_MAX_BYTES / 1024 / 1024 },
  VOICE_NOTE_TOO_LONG: { maxSeconds: VOICE_NOTE_MAX_SECONDS },
  PROMPT_ANSWERS_TOO_MANY: { max: PROMPT_ANSWERS_MAX },
  PROMPT_ANSWER_TOO_LONG: { max: PROMPT_ANSWER_MAX_LENGTH },
  VOICE_INTRODUCTION_TOO_LARGE: { maxMb: VOICE_INTRODUCTION_MAX_BYTES / 1024 / 1024 },
  VOICE_INTRODUCTION_TOO_LONG: { maxSeconds: VOICE_INTRODUCTION_MAX_SECONDS },
};
