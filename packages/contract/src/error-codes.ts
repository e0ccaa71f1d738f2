import { AUTH_ERROR_TEXTS } from './auth-error-codes.ts';
import { ERROR_DEFAULT_PARAMS, type ErrorParams } from './error-params.ts';

export { ERROR_DEFAULT_PARAMS, type ErrorParams };

/**
 * Every error the API answers, by stable code, with its English text (zod-free: the web app
 * loads it as a chunk of its own, its first route only the visitor's part, auth-error-codes.ts). `{{name}}` marks a parameter, filled from the answer's `params` or, for the
 * rules of a field, from `ERROR_DEFAULT_PARAMS`. The web app translates codes, never sentences;
 * a test holds the French catalogue to the same codes and placeholders.
 */
export const ERROR_TEXTS = {
  // Any request
  UNEXPECTED_ERROR: 'Unexpected server error',
  INVALID_VALUE: 'This value is not valid.',
  INVALID_JSON: 'The request body is not valid JSON.',
  REQUEST_TOO_LARGE: 'The request is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not accepted here.',
  NOT_FOUND: 'Nothing here.',
  FILE_NOT_FOUND: 'This file does not exist.',
  CONTROL_CHARACTERS: 'This text contains invisible control characters. Please remove them.',
  // Sessions, account fields, the rate limit
  ...AUTH_ERROR_TEXTS,
  // Profile fields
  NAME_REQUIRED: 'Name is required',
  NAME_TOO_LONG: 'Name must be at most {{max}} characters',
  NAME_INVISIBLE_CHARACTERS:
    'A name cannot hold invisible characters that change how it is shown (direction marks, zero-width spaces). Please remove them.',
  AGE_REQUIRED: 'Age is required',
  AGE_NOT_A_NUMBER: 'Age must be a number',
  AGE_NOT_WHOLE: 'Age must be a whole number',
  AGE_TOO_YOUNG: 'Minimum age is {{min}} years old',
  AGE_UNREAL: 'Please enter your real age',
  GENDER_REQUIRED: 'Gender is required',
  GENDER_INVALID: 'Please choose a gender',
  MARITAL_STATUS_REQUIRED: 'Marital status is required',
  MARITAL_STATUS_INVALID: 'Please choose a marital status',
  SKIN_TONE_INVALID: 'Skin tone must be clair, moyen or fonce',
  HAS_CHILDREN_INVALID: 'hasChildren must be yes, no or not specified',
  LOCATION_REQUIRED: 'Location is required',
  LOCATION_TOO_LONG: 'Location must be at most {{max}} characters',
  BIO_REQUIRED: 'Bio is required',
  BIO_TOO_LONG: 'Bio must be at most {{max}} characters',
  // Profile prompts and the voice introduction (ADR 072)
  PROMPT_ANSWERS_INVALID:
    'The answers to your prompts could not be read. Please reload the page and try again.',
  PROMPT_UNKNOWN: 'Please choose a prompt from the list.',
  PROMPT_ANSWERS_TOO_MANY: 'You can answer at most {{max}} prompts.',
  PROMPT_REPEATED: 'Each prompt can be answered only once.',
  PROMPT_ANSWER_REQUIRED: 'Write an answer to this prompt, or remove it.',
  PROMPT_ANSWER_TOO_LONG: 'An answer is at most {{max}} characters.',
  VOICE_INTRODUCTION_REQUIRED: 'Record your voice introduction, then save it.',
  VOICE_INTRODUCTION_UNSUPPORTED:
    'This recording could not be read as audio. Please record it again.',
  VOICE_INTRODUCTION_TOO_LARGE: 'A voice introduction is at most {{maxMb}} MB.',
  VOICE_INTRODUCTION_TOO_LONG: 'A voice introduction lasts at most {{maxSeconds}} seconds.',
  // Faith and family fields (ADR 041)
  FAITH_BRANCH_INVALID: 'Please choose a branch of Islam from the list',
  MADHHAB_INVALID: 'Please choose a madhhab from the list',
  COMMUNITY_INVALID: 'Please choose a tariqa or community from the list',
  PRAYER_INVALID: 'Please choose how often you pray from the list',
  HIJAB_INVALID: 'Hijab is asked of women only, with a choice from the list',
  BEARD_INVALID: 'Beard is asked of men only, with a choice from the list',
  HALAL_INVALID: 'Please choose yes, no or prefer not to say for a halal diet',
  REVERT_INVALID: 'Please choose yes, no or prefer not to say for revert',
  REVERT_SINCE_INVALID:
    'The year of your reversion must be between {{min}} and this year, and goes with revert: yes',
  MARRIAGE_TIMELINE_INVALID: 'Please choose when you hope to marry from the list',
  POLYGAMY_INVALID: 'Please choose your view of polygamy from the list',
  CHILDREN_WANTED_INVALID: 'Please choose whether you want children from the list',
  RELOCATION_INVALID: 'Please choose whether you would relocate from the list',
  LANGUAGES_INVALID: 'Please choose languages from the list, each once',
  EDUCATION_INVALID: 'Please choose an education from the list',
  PROFESSION_TOO_LONG: 'Profession must be at most {{max}} characters',
  NATIONALITY_INVALID: 'Please choose a nationality from the list of countries',
  ORIGIN_INVALID: 'Please choose a country of origin from the list',
  FAITH_MATCHES_ONLY_INVALID: 'Only faith fields can be shown to matches only',
  LOCATION_UNKNOWN:
    'We could not find this place. Please type a nearby town, such as "Dakar" or "Lyon, France".',
  LATITUDE_INVALID: 'Latitude must be a number between -90 and 90',
  LONGITUDE_INVALID: 'Longitude must be a number between -180 and 180',
  COORDINATES_TOGETHER: 'Latitude and longitude go together',
  // Photos and forms
  PHOTO_REQUIRED: 'Please add at least one photo.',
  PHOTOS_TOO_MANY: 'Please keep at most {{max}} photos.',
  PHOTO_UNREADABLE:
    'Photo {{index}} ({{name}}) is not an image we can read. Please choose a JPEG, PNG, WebP or AVIF photo.',
  PHOTO_TOO_LARGE: 'Each file must be at most {{maxMb}} MB.',
  PHOTO_NOT_YOURS: 'A photo to remove is not one of your photos.',
  PHOTO_ORDER_INVALID:
    'The photo order names a photo that is not one of yours. Please reload the page and try again.',
  STORAGE_FULL: 'There is no room left to store photos right now. Please try again later.',
  STORAGE_UNAVAILABLE: 'Photos cannot be stored right now. Please try again in a few minutes.',
  FORM_NOT_MULTIPART: 'Send this form as multipart/form-data.',
  FORM_ENCODED: 'Send this form without Content-Encoding (no compression).',
  FORM_UNEXPECTED_FILE: 'Unexpected file in field "{{field}}".',
  FORM_TOO_MANY_FILES: 'At most {{max}} files can be sent at once.',
  FORM_TOO_MANY_PARTS: 'This form has too many parts.',
  FORM_UNREADABLE: 'The multipart form could not be read. Please send it again.',
  // Members, likes, discovery
  MEMBER_ID_INVALID: 'Member id must be a UUID',
  MEMBER_NOT_FOUND: 'This member does not exist or is no longer available.',
  LIKED_USER_REQUIRED: 'likedUserId is required',
  RECEIVER_REQUIRED: 'receiverId is required',
  LIKE_SELF: 'You cannot like your own profile.',
  LIKE_NOT_FOUND: 'This member is no longer in your list of likes.',
  LIKES_DAILY_LIMIT: "You have reached today's limit of likes. Try again tomorrow.",
  // Compliments (ADR 071)
  COMPLIMENT_NOTE_REQUIRED: 'Write a few words for your compliment.',
  COMPLIMENT_NOTE_TOO_LONG: 'A compliment is at most {{max}} characters.',
  COMPLIMENT_TARGET_INVALID: 'Choose one photo or one answer of this profile for your compliment.',
  COMPLIMENT_PHOTO_NOT_FOUND:
    'This photo is no longer on this profile. Choose another photo or an answer.',
  COMPLIMENT_PHOTO_NOT_SHOWN:
    'This member shows their photos after a match only: choose one of their answers instead.',
  COMPLIMENT_ANSWER_NOT_SHOWN:
    'This member does not show this answer to you. Choose another answer or a photo.',
  COMPLIMENT_PROMPT_NOT_ANSWERED:
    'This member does not answer this prompt on their profile (any more). Choose another answer or a photo.',
  COMPLIMENT_ALREADY_LIKED:
    'You have already liked this member: a compliment comes with a first like only.',
  COMPLIMENTS_DAILY_LIMIT:
    'You have sent {{max}} compliments today, as many as allowed in a day. Your like was not sent: send it without a compliment, or try again tomorrow (the count starts again at midnight UTC).',
  PAGE_INVALID: 'page must be a whole number, 0 or more',
  PAGE_SIZE_INVALID: 'size must be a whole number from 1 to {{max}}',
  AGE_FILTER_INVALID: 'The age filter must be a whole number from {{min}} to {{max}}',
  AGE_RANGE_INVALID: 'minAge must not be above maxAge',
  MUTUAL_LIKE_INVALID: 'mutualLike must be true or false',
  PHOTOS_BLURRED_INVALID: 'photosBlurred must be true or false',
  FAITH_FAMILY_FORM_INVALID: 'faithFamily must be true or false',
  DISTANCE_FILTER_INVALID: 'maxDistanceKm must be a whole number from 1 to 20000',
  DEALBREAKER_INVALID: 'Choose one or more of the listed answers for each dealbreaker',
  // Places
  GEO_LATITUDE_INVALID: 'lat must be a number between -90 and 90',
  GEO_LONGITUDE_INVALID: 'lon must be a number between -180 and 180',
  GEO_QUERY_REQUIRED: 'Type a town to search for',
  GEO_QUERY_TOO_SHORT: 'Type at least 2 letters',
  GEO_QUERY_TOO_LONG: 'This location is too long',
  PLACE_NOT_FOUND_NEAR: 'No town found near this position. Please type your location.',
  // Chat, gifts, subscriptions (schemas ahead of their screens)
  CHAT_MESSAGE_TOO_LONG: 'A message is at most {{max}} characters',
  MESSAGE_ID_INVALID: 'uuid must be a UUID',
  MESSAGE_EMPTY: 'Write something, or add a photo or a voice message.',
  MESSAGE_ONE_ATTACHMENT: 'Send a photo and a voice message as two messages.',
  MESSAGE_ID_TAKEN: 'This message id was already used for another message.',
  NEW_CONVERSATIONS_DAILY_LIMIT:
    'You have started {{max}} new conversations today, as many as allowed in a day: a first message, call or wali question to someone new starts one. Try again tomorrow: the count starts again at midnight (UTC).',
  NEW_ACCOUNT_CONVERSATIONS_LIMIT:
    'A new account starts at most {{max}} new conversations a day until it is verified or {{hours}} hours old, to keep members safe from scams, and you have started today’s {{max}}. Get verified to lift it at once, or try again tomorrow: the count starts again at midnight (UTC).',
  NEW_ACCOUNT_CONTACT_DETAILS:
    'New accounts cannot share links or phone numbers for their first {{hours}} hours, or until they are verified: it keeps members safe from scams. Take them out to send this.',
  MESSAGES_SLOWED: 'You are sending messages too quickly. Please wait {{retryAfter}} seconds.',
  CHAT_IMAGE_UNREADABLE: 'This photo could not be read. Please choose a JPEG, PNG or WebP image.',
  CHAT_IMAGE_TOO_LARGE: 'A photo is at most {{maxMb}} MB.',
  VOICE_NOTE_UNSUPPORTED: 'This voice message could not be read. Record it again.',
  VOICE_NOTE_TOO_LARGE: 'A voice message is at most {{maxMb}} MB.',
  VOICE_NOTE_TOO_LONG: 'A voice message is at most {{maxSeconds}} seconds long.',
  CURSOR_INVALID: 'before must be the uuid of a message of this conversation',
  MEDIA_LINK_INVALID: 'This link is not valid.',
  MEDIA_LINK_EXPIRED: 'This link has expired. Open the conversation again.',
  GIFT_UNKNOWN: 'Unknown gift',
  GIFT_REQUIRED: 'giftId is required',
  CALLBACK_URL_INVALID: 'callbackUrl must be a URL',
  PLAN_INVALID: 'plan must be WEEKLY, MONTHLY or ANNUAL',
  SUBSCRIPTION_REQUIRED: 'This needs a subscription: choose a plan to continue.',
  MATCH_ENDED:
    'This match has ended: neither of you can write, call or send a gift unless you match again.',
  // Message requests (ADR 068)
  REQUEST_PENDING:
    'Your message request is waiting for their answer: you can write again, send a photo, a voice message or a gift, or call once they accept it.',
  REQUEST_DECLINED:
    'This message request was declined: you cannot write to each other unless you match.',
  REQUEST_EXPIRED:
    'This message request was not answered within 7 days: you can write to each other only if you match.',
  REQUEST_NOT_FOUND: 'There is no message request from this member to answer.',
  REQUEST_REPLY_INVALID: 'Choose a kind reply from the list, or none.',
  CHECKOUTS_OPEN_TOO_MANY:
    'You have too many payments in progress. Complete one of them, or try again later.',
  GIFT_TO_SELF: 'You cannot send a gift to yourself.',
  PAYMENT_UNAVAILABLE: 'This payment method is not available right now.',
  PAYMENT_PROVIDER_ERROR: 'The payment service did not answer. Please try again in a moment.',
  PAYMENT_NOT_FOUND: 'No payment was started for this purchase.',
  CALLBACK_URL_FOREIGN: 'callbackUrl must be an address of this site',
  RETURN_PATH_INVALID: 'returnTo must be the path of a page of this app, such as /chat',
  WEBHOOK_REFUSED: 'This notification could not be verified.',
  // Calls and the live connection (the `code` header of the broker's STOMP ERROR frames)
  CALL_NOT_ALLOWED: 'You cannot call this member.',
  CALL_IN_PROGRESS: 'You are already in a call: end it first.',
  REALTIME_FRAME_INVALID: 'The live connection received a frame it cannot accept.',
  REALTIME_TOO_MANY_FRAMES:
    'Too many messages on the live connection: wait a moment before reconnecting.',
  REALTIME_SUBSCRIPTIONS_TOO_MANY: 'Too many channels followed on one connection.',
  REALTIME_SUBSCRIPTION_FORBIDDEN: 'You may not follow this channel.',
  REALTIME_DESTINATION_UNKNOWN: 'Nothing can be sent to this channel.',
  REALTIME_CONNECT_TIMEOUT: 'The live connection was not opened in time.',
  REALTIME_REPLACED:
    'Mawadda is open in other tabs or on other devices: this one stopped receiving live updates. It reconnects when you use it again.',
  SERVER_RESTARTING: 'The server is restarting: the connection will reopen by itself.',
  // Web Push subscriptions and notification settings (ADR 036)
  PUSH_ENDPOINT_INVALID: 'A push subscription endpoint must be an https address of a push service.',
  PUSH_ENDPOINT_TOO_LONG: 'A push subscription endpoint is at most {{max}} characters.',
  PUSH_KEY_INVALID:
    'keys.p256dh must be the subscription’s public key: an uncompressed P-256 point (65 bytes) in base64url.',
  PUSH_AUTH_INVALID: 'keys.auth must be the subscription’s 16-byte secret in base64url.',
  PUSH_EXPIRATION_INVALID: 'expirationTime must be a time in milliseconds, or null.',
  PUSH_TESTS_TOO_MANY:
    'You have asked for several test notifications in a short time. Please wait {{minutes}} min and try again.',
  NOTIFICATION_SETTING_INVALID: 'Each notification setting is true or false.',
  QUIET_HOURS_INVALID:
    'Quiet hours need a start and a different end, each as HH:MM (00:00 to 23:59).',
  TIME_ZONE_INVALID: 'Choose a time zone such as Europe/Paris or Africa/Dakar.',
  UNSUBSCRIBE_LINK_INVALID:
    'This unsubscribe link is not valid: use the link of the e-mail as it is, or turn the e-mail digest off in the app’s settings.',
  // Family mode: guardians (ADR 045)
  GUARDIAN_NAME_REQUIRED: 'Give the guardian’s name.',
  // The numbers are written out: a default parameter would weigh on the first route (ADR 045).
  GUARDIAN_NAME_TOO_LONG: 'A guardian’s name is at most 80 characters.',
  GUARDIAN_RELATION_INVALID:
    'Choose how the guardian is related to you: father, brother, uncle, mother, imam, friend or other.',
  GUARDIAN_LANGUAGE_INVALID: 'Choose the language of the guardian’s e-mail: French or English.',
  GUARDIAN_FOLLOW_INVALID: 'followed must be true or false.',
  GUARDIANS_TOO_MANY: 'You can name at most {{max}} guardians. Remove one to add another.',
  GUARDIAN_EMAIL_TAKEN: 'This address is already one of your guardians.',
  GUARDIAN_INVITATIONS_TOO_MANY:
    'Several invitations have gone to this address recently: no other can be sent for now. Please try again later.',
  GUARDIANS_DAILY_LIMIT:
    'You have named as many guardians as allowed today ({{max}}). Try again tomorrow.',
  GUARDIAN_NOT_FOUND: 'This guardian is no longer on your list.',
  GUARDIAN_DIGEST_INVALID: 'Choose how often you are mailed: daily, weekly or never.',
  WALI_REQUEST_PENDING: 'You already asked for their wali’s contact: wait for the answer.',
  WALI_REQUEST_NONE: 'There is no request for your wali’s contact to answer.',
  WALI_ANSWER_INVALID: 'Accept (with your wali’s name and relation) or decline.',
  WALI_PHONE_INVALID: 'Type a phone number with digits only, such as +221 77 123 45 67.',
  GUARDIAN_LINK_INVALID:
    'This link does not work. Ask the person who sent it to you for a new one.',
  FAMILY_OPINION_NOT_MATCHED:
    'You can ask your family’s opinion only on a member you matched with.',
  FAMILY_OPINION_NOT_SHOWN: 'This member prefers not to be shown to families.',
  FAMILY_OPINIONS_DAILY_LIMIT:
    'You have asked your family’s opinion as often as allowed today ({{max}}). Try again tomorrow.',
  FAMILY_OPINION_NOT_FOUND: 'This request for an opinion no longer exists.',
  FAMILY_OPINION_GUARDIAN_INVALID: 'Choose one of your guardians.',
  FAMILY_OPINION_ANSWER_INVALID: 'Choose favourable, I have questions, or not favourable.',
  FAMILY_OPINION_NOTE_TOO_LONG: 'A note is at most {{max}} characters.',
  FAMILY_OPINION_SHOWN_INVALID: 'shown must be true or false.',
  // Safety and moderation
  REPORTED_REQUIRED: 'Choose the member you report.',
  REPORT_REASON_INVALID: 'Choose why you report this member.',
  REPORT_NOTE_TOO_LONG: 'A note is at most 1000 characters.',
  REPORT_MESSAGES_INVALID: 'Attach at most 20 messages of your conversation.',
  REPORTS_DAILY_LIMIT: 'You have sent as many reports as allowed today. Try again tomorrow.',
  REPORT_MESSAGE_UNKNOWN: 'An attached message is not one this member sent you.',
  REPORT_NOTES_FULL:
    'Your report on this member already holds as many notes as it can. Send it without a note: a moderator will read what you wrote.',
  MODERATION_ACTION_INVALID:
    'Choose an action: dismiss, remove a photo, a voice introduction, an answer or a compliment, warn, suspend or ban.',
  MODERATION_REASON_REQUIRED:
    'Say why, in a few words (3 to 1000 characters): it is kept in the record.',
  SUSPENSION_DAYS_INVALID: 'A suspension lasts 1 to 365 days.',
  PHOTO_TO_REMOVE_UNKNOWN: 'This photo is not one of the reported member’s.',
  VOICE_INTRODUCTION_TO_REMOVE_NONE: 'The reported member has no voice introduction to remove.',
  PROMPT_ANSWER_TO_REMOVE_UNKNOWN: 'The reported member has no answer to this prompt.',
  COMPLIMENT_TO_REMOVE_NONE:
    'The reported member sent the reporter no compliment: there is none to remove.',
  MESSAGES_TO_HIDE_NONE:
    'This report has no message of the reported member still shown: there is none to hide.',
  PROFILE_TEXT_TO_REMOVE_NONE:
    'Choose the texts to remove among those the reported member wrote (bio, profession).',
  REPORT_CLOSED: 'This report was already handled.',
  REPORT_NOT_FOUND: 'This report does not exist.',
  MODERATORS_ONLY: 'Only moderators may do this.',
  REPORT_ABOUT_YOU: 'This report is about you: another moderator will handle it.',
  REPORT_FILED_BY_YOU: 'You filed this report: another moderator will handle it.',
  // Reports from anyone (ADR 079)
  PUBLIC_REPORT_SUBJECT_INVALID: 'Choose whether you report a profile or a photo.',
  PUBLIC_REPORT_PROFILE_INVALID:
    'Paste the link of the profile (it ends with the member’s number), or the number itself.',
  ILLEGAL_CONTENT_KIND_INVALID: 'Choose what is illegal in what you report.',
  PUBLIC_REPORT_EXPLANATION_REQUIRED:
    'Explain why you think this is illegal (10 to 2,000 characters).',
  PUBLIC_REPORTER_NAME_TOO_LONG: 'A name is at most 100 characters.',
  PUBLIC_REPORT_GOOD_FAITH_REQUIRED:
    'Confirm that you believe in good faith that what you report is accurate and complete.',
  PUBLIC_REPORT_LANGUAGE_INVALID: 'Choose French or English for our answer.',
  // The queue at a glance (ADR 080)
  QUEUE_FILTER_INVALID: 'Choose a state, a reason and whose reports from the lists.',
  BULK_REPORTS_INVALID: 'Choose 2 to 50 different reports to decide together.',
  BULK_ACTION_INVALID:
    'A compliment is removed report by report: choose another action for several reports.',
  REPORTS_OF_SEVERAL_MEMBERS: 'Reports decided together must all be about the same member.',
  // The moderators' second factor (ADR 074)
  SECOND_FACTOR_REQUIRED:
    'Prove your second factor to continue: a code from your authenticator app, a recovery code or a passkey.',
  SECOND_FACTOR_SETUP_REQUIRED:
    'Moderators need a second factor: set up an authenticator app, or add a passkey from your profile.',
  SECOND_FACTOR_CODE_REQUIRED:
    'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  TOTP_CODE_INVALID:
    'This code is not right or no longer valid. Enter the code your app shows now, or an unused recovery code.',
  TOTP_CODE_USED: 'This code was already used. Wait for your app to show the next one.',
  TOTP_SETUP_MISSING: 'No set-up is waiting for its first code. Start the set-up again.',
  TOTP_NOT_SET_UP: 'No authenticator app is set up on this account.',
  TOTP_ALREADY_SET_UP: 'An authenticator app is already set up. Remove it first to set up another.',
  // Moderation history, statements of reasons and appeals (ADR 076)
  GUIDELINE_RULE_INVALID: 'Choose the rule of the community guidelines the decision rests on.',
  DECISION_FACT_INVALID: 'Choose the facts the decision rests on from the list.',
  SENIOR_MODERATORS_ONLY: 'Only a senior moderator may do this.',
  ASSIGNEE_NOT_SENIOR: 'An escalation is assigned to a senior moderator only.',
  SUBJECT_IS_YOU: 'This is your own record: another moderator will handle it.',
  DECISION_NOT_FOUND: 'This decision does not exist.',
  DECISION_NOT_REVERSIBLE: 'Only a warning, a removal, a suspension or a ban can be reversed.',
  DECISION_ALREADY_REVERSED: 'This decision was already reversed.',
  DECISION_YOURS: 'You took this decision: another moderator will review it.',
  STANDING_PASS_INVALID: 'Please sign in again to read this.',
  APPEAL_TEXT_REQUIRED: 'Say why the decision should be reversed.',
  APPEAL_TEXT_TOO_LONG: 'An appeal is at most 2,000 characters.',
  APPEAL_ALREADY_FILED: 'You have already appealed this decision. A moderator will answer you.',
  APPEAL_WINDOW_CLOSED: 'The time to appeal this decision (6 months) is over.',
  APPEAL_NOT_FOUND: 'This appeal does not exist.',
  APPEAL_ANSWERED: 'This appeal was already answered.',
  APPEAL_OUTCOME_INVALID: 'Choose whether the appeal is upheld or rejected.',
  // The transparency summary (ADR 081)
  TRANSPARENCY_DATE_INVALID: 'Give both dates of the period, as year-month-day.',
  TRANSPARENCY_PERIOD_REVERSED: 'The start of the period must come before its end.',
  TRANSPARENCY_PERIOD_TOO_LONG: 'A summary covers at most {{max}} days.',
  // Verified members (ADR 044)
  VERIFICATION_POSE_UNKNOWN: 'Ask for a pose first, then take the photo with that pose.',
  VERIFICATION_POSE_EXPIRED:
    'This pose was asked more than 10 minutes ago. Ask for a new pose and take the photo again.',
  VERIFICATION_POSES_DAILY_LIMIT:
    'You have asked for as many poses as allowed today. Try again tomorrow.',
  VERIFICATION_PENDING:
    'Your photo is already waiting for a moderator. You will be told the answer.',
  VERIFICATION_ALREADY_VERIFIED: 'You are already verified.',
  VERIFICATION_RETRY_LATER: 'You may ask to be verified again from {{until, date}}.',
  VERIFICATION_SELFIE_REQUIRED: 'Take the photo with the camera, then send it.',
  VERIFICATION_SELFIE_UNREADABLE: 'This photo could not be read. Take it again.',
  VERIFICATION_NO_PHOTO: 'Add a profile photo first: a moderator compares it with your selfie.',
  VERIFICATION_NOT_FOUND: 'This verification request does not exist.',
  VERIFICATION_DECIDED: 'This verification request was already decided.',
  VERIFICATION_ABOUT_YOU: 'This request is yours: another moderator will decide it.',
  VERIFICATION_DECISION_INVALID: 'Approve, or refuse with a reason.',
  VERIFICATION_REASON_INVALID:
    'Choose why: wrong pose, face not visible, not the same person or a photo of a photo.',
  VERIFIED_MEMBERS_ONLY: 'This member accepts first messages from verified members only.',
  VERIFIED_WRITERS_ONLY_INVALID: 'Only verified members may write: true or false.',
  // Women write first, close kindly, exclusive mode (ADR 069, 070)
  WAITING_FOR_HER_FIRST_WORD:
    'She chose to write first: this conversation waits for her first word. You will be told when she writes.',
  WOMEN_WRITE_FIRST_INVALID: '"Women write first": true or false.',
  WOMEN_WRITE_FIRST_FOR_WOMEN: '"Women write first" is a choice for women members only.',
  CLOSING_TEMPLATE_INVALID: 'Choose one of the closing messages offered.',
  CLOSE_KINDLY_NOT_MATCHED: 'You can close kindly only a match that is still open.',
  MEMBER_IN_EXCLUSIVE_MODE:
    'This member is getting to know someone in exclusive mode and does not receive new first messages or compliments.',
  EXCLUSIVE_NEEDS_A_MATCH: 'You can propose exclusive mode only to a member you matched with.',
  EXCLUSIVE_ALREADY_ACTIVE: 'One of you is already in exclusive mode with someone.',
  EXCLUSIVE_NOT_FOUND: 'There is no exclusive mode proposal or relationship with this member.',
  // Reading other members' profiles, pages and photos
  READING_TOO_FAST:
    'That is faster than anyone reads. Please wait {{retryAfter}} seconds and try again.',
  // Data export and account deletion
  DATA_EXPORTS_DAILY_LIMIT:
    'You have asked for as many copies of your data as allowed today. Try again tomorrow.',
  DATA_EXPORT_UNAVAILABLE:
    'No copy of your data is ready to download: it has expired or was replaced. Prepare a new one.',
  DELETE_PASSWORD_WRONG: 'This is not your password. Your account was not deleted.',
  DELETE_CONFIRMATION_REQUIRED: 'Confirm with your password, or sign in with Google again.',
  GOOGLE_SIGN_IN_TOO_OLD: 'Please sign in with Google again, just before deleting your account.',
  GOOGLE_ACCOUNT_OTHER: 'This Google account is not the one linked to your account.',
  // Signed-in devices and the password (ADR 075)
  // Travel mode (ADR 077)
  STAY_DATES_INVALID: 'Choose an arrival date and a departure date on or after it.',
  STAY_IN_PAST: 'A stay cannot start in the past. Choose an arrival date from today on.',
  STAY_TOO_LONG: 'A stay lasts at most {{maxDays}} days. Choose an earlier departure date.',
  STAYS_TOO_MANY: 'You can announce at most {{max}} stays at once. Delete one to add another.',
  STAY_NOT_FOUND: 'This stay does not exist (any more).',
  SESSION_NOT_FOUND: 'This device is not signed in to your account (any more).',
  CURRENT_PASSWORD_REQUIRED: 'Enter your current password.',
  CURRENT_PASSWORD_WRONG: 'This is not your current password. Your password was not changed.',
  PASSWORD_NOT_SET:
    'Your account has no password yet. Choose one with "Forgot password?" on the login page.',
  // Consent (GDPR Art. 9(2)(a))
  RELIGIOUS_DATA_CONSENT_REQUIRED:
    'Please consent to the processing of data that reveals your religion: Mawadda cannot work without it.',
  CONSENT_REQUIRED: 'Please read the privacy policy and give your consent before using Mawadda.',
  PRIVACY_VERSION_OUTDATED:
    'The privacy policy has changed since this page was opened. Please reload the page and read it again.',
} as const;

export type ErrorCode = keyof typeof ERROR_TEXTS;

/** Codes by name, so a schema or a service names a code the compiler knows. */
export const E = Object.fromEntries(Object.keys(ERROR_TEXTS).map((code) => [code, code])) as {
  [C in ErrorCode]: C;
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_TEXTS, value);
}

/** The English text of a code, its placeholders filled. */
export function errorText(code: ErrorCode, params: ErrorParams = {}): string {
  const values = { ...ERROR_DEFAULT_PARAMS[code], ...params };
  // `{{until, date}}`: the app formats the value in the reader's language; this text has it raw.
  return ERROR_TEXTS[code].replace(/\{\{(\w+)(?:,[^}]*)?\}\}/g, (_, name: string) =>
    String(values[name] ?? `{{${name}}}`),
  );
}
