/** Business constants of docs/spec.md §9, shared by the server and the web app. */

export const MIN_AGE = 18;
export const MAX_AGE = 120;
export const BIO_MAX_LENGTH = 1000;
export const BIO_WARNING_LENGTH = 900;
/** Faith and family fields (ADR 041): the profession is free text, checked like the bio. */
export const PROFESSION_MAX_LENGTH = 80;
/** A compliment's note (ADR 071): a line or two about one photo or one answer, not a letter. */
export const COMPLIMENT_NOTE_MAX_LENGTH = 200;
export const REVERT_SINCE_MIN_YEAR = 1940;
export const MIN_PHOTOS = 1;
/** The spec shows no maximum; six keeps a profile readable and storage bounded. */
export const MAX_PHOTOS = 6;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** A push subscription's endpoint: longer than any push service's (FCM's are about 200). */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;
export const NAME_MAX_LENGTH = 80;
export const LOCATION_MAX_LENGTH = 120;
export const EMAIL_MAX_LENGTH = 254;
/** NIST SP 800-63B minimum; the upper bound keeps hashing cost bounded. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export const GEOCODE_DEBOUNCE_MS = 800;
export const RESET_REDIRECT_MS = 2000;
export const EDIT_PROFILE_REDIRECT_MS = 1500;

export const SUGGESTIONS_PAGE_SIZE = 100;
export const NOTIFICATION_POLL_MS = 15_000;
/** Badges show `9+` above this count. */
export const BADGE_CAP = 9;

export const EARTH_RADIUS_KM = 6371;
export const MATCH_VIBRATION_MS = 1000;

export const ICE_GATHERING_TIMEOUT_MS = 10_000;
/** An unanswered call rings this long, then ends as missed on both sides (the server's timer). */
export const CALL_RING_TIMEOUT_MS = 30_000;
export const SOCKET_WAIT_TRIES = 10;
export const SOCKET_WAIT_INTERVAL_MS = 200;
export const VIDEO_CONSTRAINTS = { width: 1280, height: 720, frameRate: 30 } as const;

export const PHOTO_NAME_DISPLAY_LENGTH = 15;
export const CHAT_MESSAGE_MAX_LENGTH = 4000;
/** A chat photo, before it is re-encoded. */
export const CHAT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const VOICE_NOTE_MAX_BYTES = 2 * 1024 * 1024;
export const VOICE_NOTE_MAX_SECONDS = 120;
/** Messages per page of a conversation (the newest page first). */
export const CONVERSATION_PAGE_SIZE = 50;
/** Characters of a text message the conversation list gets as its preview (it shows one line). */
export const CONTACT_PREVIEW_MAX_LENGTH = 100;
export const CAROUSEL_SWIPE_THRESHOLD_PX = 40;
export const MODAL_TRANSITION_MS = 300;

export const LANGUAGES = ['en', 'fr'] as const;
export const FALLBACK_LANGUAGE = 'en';

/**
 * Where a checkout may bring the member back (`returnTo`): the path of a member page of the web
 * app, without its /fr or /en prefix, and an optional query of plain characters. Nothing else,
 * so the payment provider can never be made to send a member to another site (`//evil.example`,
 * `https://…`, `/\\evil.example`) or to a page that does not exist.
 */
const RETURN_PATH_PATTERN =
  /^\/(?:suggestions|chat|gifts|mon-profil|profile-views|user-details\/[0-9a-f-]{36})(?:\?[\w.~%=&-]*)?$/;
const RETURN_PATH_MAX_LENGTH = 300;

/** Whether `path` may be given as a checkout's `returnTo`. */
export function isReturnPath(path: string): boolean {
  return path.length <= RETURN_PATH_MAX_LENGTH && RETURN_PATH_PATTERN.test(path);
}

/**
 * The version of the privacy text (its date): the consent to the processing of data revealing
 * religion is given to one version, and a member whose consent names another is asked again.
 * Change it only with a change of the text that needs a new consent.
 */
export const PRIVACY_VERSION = '2026-11-25';

export const REPORT_NOTE_MAX_LENGTH = 1000;
/**
 * The notes a report gathers as its reporter adds to it (ADR 018): five full notes. Past that,
 * the reporter can still add reasons and messages.
 */
export const REPORT_NOTES_MAX_LENGTH = 5 * REPORT_NOTE_MAX_LENGTH;
/** A public report's explanation (ADR 079), as long as an appeal. */
export const PUBLIC_REPORT_EXPLANATION_MAX_LENGTH = 2000;
/** The name a public reporter may give. */
export const PUBLIC_REPORTER_NAME_MAX_LENGTH = 100;
/** How many messages of the conversation a report may attach. */
export const REPORT_MESSAGES_MAX = 20;

/** Family mode (ADR 045): guardians a member may name at once, and the length of a name. */
export const MAX_GUARDIANS = 2;
export const GUARDIAN_NAME_MAX_LENGTH = 80;

/**
 * The family's opinion on a match (ADR 078): how long the guardian's link works, the length of
 * their note, and how many a member may ask a day.
 */
export const FAMILY_OPINION_DAYS = 7;
export const FAMILY_OPINION_NOTE_MAX_LENGTH = 500;
export const FAMILY_OPINIONS_PER_DAY = 10;

/**
 * The request header a tab sends a message with: its socket's STOMP session (the CONNECTED
 * frame's `session`). The server publishes the new message to the sender's other tabs but not
 * to this one, which has it in the answer: half the frames of a message, and its bytes on a
 * prepaid plan (ADR 065).
 */
export const REALTIME_SESSION_HEADER = 'x-realtime-session';

/** A passkey's name, given by its owner ("Phone", "Work laptop"), ADR 073. */
export const PASSKEY_NAME_MAX_LENGTH = 60;
/** A stay lasts at most this many days, arrival and departure days included (ADR 077). */
export const STAY_MAX_DAYS = 60;
/** A member announces at most this many stays at once (ADR 077). */
export const STAYS_MAX = 2;
/** She is suggested near the town from this many days before she arrives (ADR 077). */
export const STAY_SHOWN_DAYS_BEFORE = 14;

/** The longest period one transparency summary covers, in days (a leap year; ADR 081). */
export const TRANSPARENCY_MAX_DAYS = 366;
