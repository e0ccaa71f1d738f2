import './zod-config.ts';
import { z } from 'zod';
import { dataExportFileSchema, dataExportSchema, deleteAccountRequestSchema } from './account.ts';
import {
  clientConfigSchema,
  forgotPasswordRequestSchema,
  googleLoginRequestSchema,
  loginRequestSchema,
  resetLinkParamsSchema,
  resetLinkStatusSchema,
  resetPasswordRequestSchema,
  tokenResponseSchema,
} from './auth.ts';
import {
  chatSendFieldsSchema,
  contactSchema,
  conversationQuerySchema,
  messageSchema,
  receivedRequestSchema,
} from './chat.ts';
import { type EndpointName, endpointRoutes } from './endpoint-routes.ts';
import { E } from './error-codes.ts';
import { messageResponseSchema } from './errors.ts';
import {
  familyOpinionAnsweredSchema,
  familyOpinionAnswerSchema,
  familyOpinionPageSchema,
  familyOpinionRequestSchema,
  familyOpinionSchema,
  familyOpinionsSchema,
  shownToFamiliesSchema,
} from './family-opinions.ts';
import {
  geoPlaceSchema,
  geoSearchResponseSchema,
  reverseGeocodeQuerySchema,
  searchGeocodeQuerySchema,
} from './geo.ts';
import {
  familyOpinionEndpointRoutes,
  guardianEndpointRoutes,
  waliEndpointRoutes,
} from './guardian-endpoint-routes.ts';
import {
  followRequestSchema,
  guardianDigestSchema,
  guardianDigestUnsubscribeQuerySchema,
  guardianLinkParamsSchema,
  guardianMessagesSchema,
  guardianOverviewSchema,
  guardianPageSchema,
  guardianRequestSchema,
  guardianSchema,
  guardianSettingsSchema,
  guardianVisitSchema,
  waliAnswerSchema,
} from './guardians.ts';
import { closeKindlyRequestSchema, exclusiveStateSchema } from './match-care.ts';
import { declineRequestSchema } from './message-requests.ts';
import { moderationDecisionEndpointRoutes } from './moderation-decision-endpoint-routes.ts';
import { moderationDecisionEndpoints } from './moderation-decisions.ts';
import { passkeyEndpointSchemas } from './passkeys.ts';
import {
  checkoutSessionResponseSchema,
  giftCheckoutQuerySchema,
  giftCheckoutRequestSchema,
  giftSchema,
  giftSendRequestSchema,
  giftsQuerySchema,
  paydunyaSessionQuerySchema,
  paydunyaSessionRequestSchema,
  paydunyaSessionResponseSchema,
  paymentOutcomeSchema,
  planOffersSchema,
  planQuerySchema,
  subscriptionSessionQuerySchema,
} from './payments.ts';
import { publicReportEndpointRoutes } from './public-report-endpoint-routes.ts';
import { publicReportEndpoints } from './public-reports.ts';
import {
  digestUnsubscribeQuerySchema,
  notificationSettingsSchema,
  pushSubscriptionSchema,
  pushTestResponseSchema,
  pushUnsubscribeSchema,
} from './push.ts';
import { iceServersSchema } from './realtime.ts';
import {
  moderationActionRequestSchema,
  openReportSchema,
  reportQueueQuerySchema,
  reportRequestSchema,
} from './safety.ts';
import {
  secondFactorCodeRequestSchema,
  secondFactorProvedSchema,
  totpConfirmedSchema,
  totpSetupSchema,
} from './second-factor.ts';
import { secondFactorEndpointRoutes } from './second-factor-endpoint-routes.ts';
import { sessionEndpointRoutes } from './session-endpoint-routes.ts';
import { sessionEndpointSchemas } from './sessions.ts';
import {
  audienceEstimateSchema,
  likeEntrySchema,
  likeRequestSchema,
  likeResponseSchema,
  lovelyRequestSchema,
  notificationsSchema,
  preferencesSchema,
  profileViewEntrySchema,
  savedPreferencesSchema,
  suggestionsQuerySchema,
} from './social.ts';
import { stayEndpointRoutes } from './stay-endpoint-routes.ts';
import { stayEndpointSchemas } from './stays.ts';
import { transparencyEndpoints } from './transparency.ts';
import { transparencyEndpointRoutes } from './transparency-endpoint-routes.ts';
import {
  blockedMemberSchema,
  consentRequestSchema,
  currentUserSchema,
  editProfileFieldsSchema,
  memberIdSchema,
  pageSchema,
  registrationFieldsSchema,
  userDetailsSchema,
  userSummarySchema,
} from './users.ts';
import {
  verificationDecisionSchema,
  verificationPoseSchema,
  verificationQueueItemSchema,
  verificationRequestFieldsSchema,
  verificationStateSchema,
} from './verification.ts';
import {
  verificationEndpointRoutes,
  verificationQueueEndpointRoutes,
} from './verification-endpoint-routes.ts';

/**
 * What an endpoint takes and answers. `form` marks a multipart endpoint: its fields follow the
 * schema and its files travel beside them. `status` is the success status (200 unless said).
 */
export type EndpointSchemas = {
  summary: string;
  member: boolean;
  /**
   * A member endpoint open to a member who has not consented to the current privacy text: what
   * they need to read, give or refuse it (ADR 021). Every other member endpoint answers 403
   * `CONSENT_REQUIRED` to them.
   */
  beforeConsent?: true;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  form?: { fields: z.ZodType; files: Record<string, string> };
  status?: 200 | 201 | 202;
  response: z.ZodType;
};

const photoFiles = { profilePicture: 'Photos, one file per part' };

const schemas = {
  login: {
    summary: 'Log in with e-mail and password',
    member: false,
    body: loginRequestSchema,
    response: tokenResponseSchema,
  },
  googleLogin: {
    summary: 'Log in with a Google ID token; the first time creates the account',
    member: false,
    body: googleLoginRequestSchema,
    response: tokenResponseSchema,
  },
  logout: {
    summary: 'Revoke the session token sent',
    member: true,
    beforeConsent: true,
    response: messageResponseSchema,
  },
  forgotPassword: {
    summary: 'Mail a one-hour, single-use reset link; the answer is the same for any address',
    member: false,
    body: forgotPasswordRequestSchema,
    response: messageResponseSchema,
  },
  resetPassword: {
    summary: 'Set a new password with a reset token; every session of the member ends',
    member: false,
    body: resetPasswordRequestSchema,
    response: messageResponseSchema,
  },
  checkResetLink: {
    summary:
      'Whether a reset link can still be used, asked when its page opens: usable, or 400 RESET_LINK_INVALID as for a reset (unknown, expired or used alike); limited like reset attempts',
    member: false,
    params: resetLinkParamsSchema,
    response: resetLinkStatusSchema,
  },
  clientConfig: {
    summary: 'Client settings: the Google client id, or null when Google sign-in is off',
    member: false,
    response: clientConfigSchema,
  },
  register: {
    summary:
      'Create an account (multipart, profilePicture per photo); the same answer for an address already taken',
    member: false,
    form: { fields: registrationFieldsSchema, files: photoFiles },
    status: 201,
    response: messageResponseSchema,
  },
  currentUser: {
    summary: 'The signed-in member’s own profile',
    member: true,
    beforeConsent: true,
    response: currentUserSchema,
  },
  giveConsent: {
    summary:
      'Record the member’s explicit consent to the processing of data revealing religion, for the privacy text version sent',
    member: true,
    beforeConsent: true,
    body: consentRequestSchema,
    response: currentUserSchema,
  },
  updateProfile: {
    summary:
      'Edit the profile (multipart/form-data): fields, new photos, imagesToRemove, photoOrder (main photo first)',
    member: true,
    form: { fields: editProfileFieldsSchema, files: photoFiles },
    response: currentUserSchema,
  },
  saveVoiceIntroduction: {
    summary:
      'Record or replace one’s voice introduction (multipart, audio: WebM/Opus, Ogg/Opus or MP4/AAC, at most 30 s); the one it replaces is deleted',
    member: true,
    form: {
      fields: z.object({}),
      files: { audio: 'The voice introduction, recorded in the app' },
    },
    response: currentUserSchema,
  },
  removeVoiceIntroduction: {
    summary: 'Remove one’s voice introduction; its file is deleted',
    member: true,
    response: currentUserSchema,
  },
  deleteAccount: {
    summary:
      'Delete one’s account, confirmed with the password or a fresh Google sign-in: profile, photos, voice notes and sessions are erased; messages stay for the other side, from a deleted member; payment records are kept without the profile',
    member: true,
    beforeConsent: true,
    body: deleteAccountRequestSchema,
    response: messageResponseSchema,
  },
  requestDataExport: {
    summary:
      'Ask for a copy of one’s data (a ZIP of data.json and the photos), made in the background; one at a time',
    member: true,
    beforeConsent: true,
    status: 202,
    response: dataExportSchema,
  },
  dataExport: {
    summary: 'The latest data export: its state, and while it is offered (24 h) until when',
    member: true,
    beforeConsent: true,
    response: dataExportSchema,
  },
  downloadDataExport: {
    summary:
      'The ZIP of one’s ready data export, for the session’s member only, while it is offered (24 h); 404 otherwise',
    member: true,
    beforeConsent: true,
    response: dataExportFileSchema,
  },
  suggestions: {
    summary: 'Suggested members, nearest first then most recently active; empty past the end',
    member: true,
    query: suggestionsQuerySchema,
    response: pageSchema(userSummarySchema),
  },
  memberDetails: {
    summary: 'A member’s profile; records a profile view (one per day)',
    member: true,
    params: z.object({ id: memberIdSchema }),
    response: userDetailsSchema,
  },
  preferences: {
    summary: 'The member’s discovery filters (age range, maximum distance, dealbreakers)',
    member: true,
    response: savedPreferencesSchema,
  },
  savePreferences: {
    summary:
      'Save the discovery filters; null removes a filter, absent dealbreakers keep the saved ones',
    member: true,
    body: preferencesSchema,
    response: savedPreferencesSchema,
  },
  estimateAudience: {
    summary:
      'About how many members these filters leave, both ways (the dealbreakers of each side), before saving them',
    member: true,
    body: preferencesSchema,
    response: audienceEstimateSchema,
  },
  like: {
    summary:
      'Like a member (idempotent: one like per pair, a like or a Lovely); answers whether it is mutual, and the match. With `compliment`, a note about one photo, answer or answer to a prompt of theirs comes with a new like (ADR 071): within the daily allowance of compliments, both stored or neither',
    member: true,
    body: likeRequestSchema,
    response: likeResponseSchema,
  },
  lovely: {
    summary:
      'The "Lovely" button of a profile page: a like the receiver sees as a Lovely, answered the same way',
    member: true,
    body: lovelyRequestSchema,
    response: likeResponseSchema,
  },
  likes: {
    summary: 'Members who liked me (a like or a Lovely), newest first, less the entries I opened',
    member: true,
    response: z.array(likeEntrySchema),
  },
  markLikesSeen: {
    summary: 'Mark every like received so far as seen',
    member: true,
    response: messageResponseSchema,
  },
  openLike: {
    summary:
      'The member opened the like of this member from their list: it leaves the list for good (docs/spec.md §4)',
    member: true,
    params: z.object({ id: memberIdSchema }),
    response: messageResponseSchema,
  },
  profileViews: {
    summary: 'Who viewed my profile, each once at their latest view, newest first',
    member: true,
    response: z.array(profileViewEntrySchema),
  },
  markProfileViewsSeen: {
    summary: 'Mark every profile view so far as seen',
    member: true,
    response: messageResponseSchema,
  },
  notifications: {
    summary: 'Counts for the navbar badges (polled every 15 s)',
    member: true,
    response: notificationsSchema,
  },
  reverseGeocode: {
    summary: 'The nearest town to a position, as "city, country"',
    member: false,
    query: reverseGeocodeQuerySchema,
    response: geoPlaceSchema,
  },
  searchPlaces: {
    summary: 'Towns matching a typed location ("city" or "city, country"), biggest first',
    member: false,
    query: searchGeocodeQuerySchema,
    response: geoSearchResponseSchema,
  },
  chatContacts: {
    summary:
      'Conversations and matches: unread counts, the last message (a preview) and its time, newest first',
    member: true,
    response: z.array(contactSchema),
  },
  chatContact: {
    summary:
      'One member as a contact, for a conversation opened with them: one of the contacts, or a member one may be suggested and write to first; 404 otherwise',
    member: true,
    params: z.object({ userId: memberIdSchema }),
    response: contactSchema,
  },
  conversation: {
    summary: 'A page of a conversation in time order, the newest page first; `before` pages back',
    member: true,
    params: z.object({ userId: memberIdSchema }),
    query: conversationQuerySchema,
    response: z.array(messageSchema),
  },
  sendMessage: {
    summary:
      'Send a message (multipart/form-data or JSON): content, or an image, or an audio voice note; a retried uuid is sent once',
    member: true,
    params: z.object({ userId: memberIdSchema }),
    form: {
      fields: chatSendFieldsSchema,
      files: {
        image: 'A photo (re-encoded, metadata removed)',
        audio: 'A voice note: WebM/Opus, Ogg/Opus or MP4/AAC',
      },
    },
    status: 201,
    response: messageSchema,
  },
  markConversationRead: {
    summary: 'Mark every message received from this member as read (their ticks turn double)',
    member: true,
    params: z.object({ userId: memberIdSchema }),
    response: messageResponseSchema,
  },
  chatRequests: {
    summary:
      'Message requests waiting for your answer (ADR 068), newest first: first messages from members you have not matched with, each with its sender’s card; they expire unanswered after 7 days',
    member: true,
    response: z.array(receivedRequestSchema),
  },
  acceptChatRequest: {
    summary:
      'Accept this member’s message request: the conversation opens for both (writing back accepts it too); 404 REQUEST_NOT_FOUND when none waits',
    member: true,
    params: z.object({ userId: memberIdSchema }),
    response: messageResponseSchema,
  },
  declineChatRequest: {
    summary:
      'Decline this member’s message request, with an optional kind reply chosen by its id (shown to them in their language): neither of you can write to the other unless you match',
    member: true,
    params: z.object({ userId: memberIdSchema }),
    body: declineRequestSchema,
    response: messageResponseSchema,
  },
  subscribePush: {
    summary:
      'Keep this device’s push subscription (the browser’s PushSubscription JSON) for the session’s member: the same endpoint again updates it, a new one beyond the per-member cap drops the oldest; it ends with the session (logout)',
    member: true,
    body: pushSubscriptionSchema,
    status: 201,
    response: messageResponseSchema,
  },
  unsubscribePush: {
    summary: 'Forget a push subscription of the member, by its endpoint (none is not an error)',
    member: true,
    body: pushUnsubscribeSchema,
    response: messageResponseSchema,
  },
  notificationSettings: {
    summary:
      'What the member is notified of while the app is closed, quiet hours and the e-mail digest',
    member: true,
    response: notificationSettingsSchema,
  },
  saveNotificationSettings: {
    summary: 'Replace the notification settings (every field sent)',
    member: true,
    body: notificationSettingsSchema,
    response: notificationSettingsSchema,
  },
  pushTest: {
    summary:
      'Send a test notification to every device of the member (through the delivery queue, quiet hours ignored): how many devices it went to',
    member: true,
    status: 202,
    response: pushTestResponseSchema,
  },
  unsubscribeDigest: {
    summary:
      'One-click unsubscribe from the e-mail digest (RFC 8058 List-Unsubscribe-Post), no login: the signed token of the mail turns the digest off, as often as it is sent; a token not signed by the server is 400 UNSUBSCRIBE_LINK_INVALID. A GET of the same address shows a page with a button that posts here',
    member: false,
    query: digestUnsubscribeQuerySchema,
    response: messageResponseSchema,
  },
  guardians: {
    summary:
      'Family mode (ADR 045): the member’s guardians (at most two), the default for new conversations and which conversations they follow',
    member: true,
    response: guardianOverviewSchema,
  },
  addGuardian: {
    summary:
      'Name a guardian: they are mailed (in the language chosen) a link to a read-only page of the conversations the member lets them follow; at most two',
    member: true,
    body: guardianRequestSchema,
    status: 201,
    response: guardianSchema,
  },
  removeGuardian: {
    summary: 'Remove a guardian: their link stops working at once',
    member: true,
    params: z.object({ id: z.uuid({ error: E.GUARDIAN_NOT_FOUND }) }),
    response: messageResponseSchema,
  },
  saveGuardianSettings: {
    summary: 'Whether a conversation that starts from now on is followed by the guardians',
    member: true,
    body: guardianSettingsSchema,
    response: guardianOverviewSchema,
  },
  followAllConversations: {
    summary:
      'Follow (or stop following) every conversation of today at once; the other member of a newly followed one is told first, in it',
    member: true,
    body: followRequestSchema,
    response: guardianOverviewSchema,
  },
  followConversation: {
    summary:
      'Let the guardians follow one conversation, or stop: the other member is told first, by a line in the conversation and in its header; only what is written from that line on is shown',
    member: true,
    params: z.object({ userId: memberIdSchema }),
    body: followRequestSchema,
    response: guardianOverviewSchema,
  },
  guardianVisits: {
    summary: 'When the guardians opened their page, the latest first (the last 100)',
    member: true,
    response: z.array(guardianVisitSchema),
  },
  guardianPage: {
    summary:
      'A guardian’s read-only page, by the token of their link (no login): the conversations the member lets them follow; each opening is logged for the member. An unknown or revoked link is a 404 that says nothing more',
    member: false,
    params: guardianLinkParamsSchema,
    response: guardianPageSchema,
  },
  guardianConversation: {
    summary:
      'A page of a followed conversation for the guardian, from the notice line on (never earlier), media as short-lived links; 404 for a conversation not followed, blocked, unmatched or with a member gone',
    member: false,
    params: guardianLinkParamsSchema.extend({ userId: memberIdSchema }),
    query: conversationQuerySchema,
    response: guardianMessagesSchema,
  },
  askWaliContact: {
    summary:
      'Ask the other member of a conversation for their guardian’s (wali’s) contact: a line in the conversation, which they accept or decline; one request open at a time per pair; under the rule of who may write',
    member: true,
    params: z.object({ userId: memberIdSchema }),
    status: 201,
    response: messageSchema,
  },
  answerWaliContact: {
    summary:
      'Answer the other member’s request for your wali’s contact: decline, or share a name, a relation and, if typed, a phone number; the answer is a line in the conversation',
    member: true,
    params: z.object({ userId: memberIdSchema }),
    body: waliAnswerSchema,
    status: 201,
    response: messageSchema,
  },
  saveGuardianDigest: {
    summary:
      'The guardian chooses how often they are mailed what is new in the conversations they follow: daily, weekly or never',
    member: false,
    params: guardianLinkParamsSchema,
    body: guardianDigestSchema,
    response: guardianDigestSchema,
  },
  unsubscribeGuardianDigest: {
    summary:
      'One-click unsubscribe from a guardian’s e-mail digest (RFC 8058 List-Unsubscribe-Post), no login: the signed token of the mail turns it off; 400 UNSUBSCRIBE_LINK_INVALID for a token not signed by the server',
    member: false,
    query: guardianDigestUnsubscribeQuerySchema,
    response: messageResponseSchema,
  },
  familyOpinions: {
    summary:
      'The family’s opinion on a match (ADR 078): the member’s guardians, whether the match lets their profile be shown to families, and the opinions asked on it with their answers (for the member only); 404 MEMBER_NOT_FOUND for a member not seen',
    member: true,
    params: z.object({ userId: memberIdSchema }),
    response: familyOpinionsSchema,
  },
  askFamilyOpinion: {
    summary:
      'Send a match’s profile, as the member sees it, to one of her guardians for an opinion: a link mailed to them, working 7 days; the match is told by a line in the conversation. 403 FAMILY_OPINION_NOT_MATCHED, FAMILY_OPINION_NOT_SHOWN; 404 GUARDIAN_NOT_FOUND; 429 FAMILY_OPINIONS_DAILY_LIMIT',
    member: true,
    params: z.object({ userId: memberIdSchema }),
    body: familyOpinionRequestSchema,
    status: 201,
    response: familyOpinionSchema,
  },
  revokeFamilyOpinion: {
    summary: 'Take back a request for an opinion: its link answers 404 from now on',
    member: true,
    params: z.object({
      userId: memberIdSchema,
      id: z.uuid({ error: E.FAMILY_OPINION_NOT_FOUND }),
    }),
    response: messageResponseSchema,
  },
  saveShownToFamilies: {
    summary:
      'Whether a match may show the member’s profile to their family for an opinion (on unless turned off); off also ends the links already sent',
    member: true,
    body: shownToFamiliesSchema,
    response: shownToFamiliesSchema,
  },
  familyOpinionPage: {
    summary:
      'A guardian’s page for an opinion, by the token of its link (no login): the match’s profile as the member sees it, and the answer given; an unknown, expired or revoked link is the same 404 GUARDIAN_LINK_INVALID',
    member: false,
    params: guardianLinkParamsSchema,
    response: familyOpinionPageSchema,
  },
  answerFamilyOpinion: {
    summary:
      'The guardian answers: favourable, I have questions, or not favourable, with an optional note; answered again, the last answer stands. 404 GUARDIAN_LINK_INVALID as the page',
    member: false,
    params: guardianLinkParamsSchema,
    body: familyOpinionAnswerSchema,
    response: familyOpinionAnsweredSchema,
  },
  iceServers: {
    summary:
      'STUN servers, and TURN servers with credentials made for this member (TURN REST scheme), for a call',
    member: true,
    response: iceServersSchema,
  },
  block: {
    summary:
      'Block a member: from now on, both ways, neither sees, reaches or hears of the other; they are not told',
    member: true,
    params: z.object({ id: memberIdSchema }),
    response: messageResponseSchema,
  },
  unblock: {
    summary: 'Lift a block',
    member: true,
    params: z.object({ id: memberIdSchema }),
    response: messageResponseSchema,
  },
  unmatch: {
    summary:
      'End a match: the conversation closes for both (a subscriber may still write first, as to anyone suggested)',
    member: true,
    params: z.object({ id: memberIdSchema }),
    response: messageResponseSchema,
  },
  closeKindly: {
    summary:
      'Close a match kindly (ADR 070): the closing message chosen from the list is written, then the match ends as an unmatch does, in one transaction; 403 CLOSE_KINDLY_NOT_MATCHED for a pair not matched now',
    member: true,
    params: z.object({ id: memberIdSchema }),
    body: closeKindlyRequestSchema,
    response: messageResponseSchema,
  },
  exclusiveState: {
    summary: 'Where the member and a match are with exclusive mode (ADR 070)',
    member: true,
    params: z.object({ id: memberIdSchema }),
    response: exclusiveStateSchema,
  },
  proposeExclusive: {
    summary:
      'Propose exclusive mode to a match (ADR 070); proposing again changes nothing. 403 EXCLUSIVE_NEEDS_A_MATCH to a member not matched with, 409 EXCLUSIVE_ALREADY_ACTIVE while either is exclusive',
    member: true,
    params: z.object({ id: memberIdSchema }),
    response: exclusiveStateSchema,
  },
  acceptExclusive: {
    summary:
      'Accept the exclusive mode this member proposed (ADR 070): neither is suggested nor receives new first messages until one ends it. 404 EXCLUSIVE_NOT_FOUND without their proposal to you, 409 EXCLUSIVE_ALREADY_ACTIVE while either is exclusive',
    member: true,
    params: z.object({ id: memberIdSchema }),
    response: exclusiveStateSchema,
  },
  endExclusive: {
    summary:
      'End exclusive mode with this member, or withdraw or decline a proposal between you (ADR 070); the other is told. 404 EXCLUSIVE_NOT_FOUND when there is neither',
    member: true,
    params: z.object({ id: memberIdSchema }),
    response: exclusiveStateSchema,
  },
  report: {
    summary:
      'Report a member, with a reason, an optional note and messages they sent you; a moderator looks at it',
    member: true,
    body: reportRequestSchema,
    status: 201,
    response: z.object({ id: z.string() }),
  },
  moderationQueue: {
    summary:
      'Moderators: the reports by priority (a reported minor, then money asked for, then the rest), then oldest first, each with the reported member and the attached messages (the scam shield’s own reports have no reporter); filtered by review state (left out: not closed), reason and assignee (me, unassigned, anyone)',
    member: true,
    query: reportQueueQuerySchema,
    response: z.array(openReportSchema),
  },
  moderationAction: {
    summary:
      'Moderators: act on a report (dismiss, remove a photo, the voice introduction or an answer to a prompt, warn, suspend, ban); recorded with who, when and why',
    member: true,
    params: z.object({ id: z.uuid({ error: E.REPORT_NOT_FOUND }) }),
    body: moderationActionRequestSchema,
    response: messageResponseSchema,
  },
  verificationPose: {
    summary:
      'Draw a pose for the verification selfie, valid 10 minutes; drawing again replaces it. Refused while a request waits, once verified, or before the retry delay after a refusal',
    member: true,
    response: verificationPoseSchema,
  },
  requestVerification: {
    summary:
      'Send the verification selfie (multipart: pose, selfie), taken with the camera in the pose drawn: re-encoded (metadata removed), kept private (moderators only) and queued',
    member: true,
    form: {
      fields: verificationRequestFieldsSchema,
      files: { selfie: 'The selfie, one image taken with the camera' },
    },
    status: 201,
    response: verificationStateSchema,
  },
  verification: {
    summary:
      'The member’s verification: none, pending, approved or refused (with the reason and when they may ask again)',
    member: true,
    response: verificationStateSchema,
  },
  verificationQueue: {
    summary:
      'Moderators: the verification requests waiting, oldest first, with the pose, the selfie (a link signed for this moderator) and the profile photos; a selfie close to another account’s is flagged',
    member: true,
    response: z.array(verificationQueueItemSchema),
  },
  verificationDecision: {
    summary:
      'Moderators: approve (the badge shows) or refuse with a reason (the member is told and may ask again later); recorded with who, when and why',
    member: true,
    params: z.object({ id: z.uuid({ error: E.VERIFICATION_NOT_FOUND }) }),
    body: verificationDecisionSchema,
    response: messageResponseSchema,
  },
  setUpTotp: {
    summary:
      'Start setting up an authenticator app (TOTP, ADR 074): answers its otpauth:// URI and secret this once; replaces a set-up not confirmed yet. 409 TOTP_ALREADY_SET_UP once one is confirmed; 403 SECOND_FACTOR_REQUIRED to a member with a passkey who did not prove a second factor in this session',
    member: true,
    response: totpSetupSchema,
  },
  confirmTotp: {
    summary:
      'Confirm the set-up with a first code from the app: the session counts as proved, and the 10 recovery codes are answered this once (stored hashed). 409 TOTP_SETUP_MISSING without a set-up waiting, 400 TOTP_CODE_INVALID',
    member: true,
    body: secondFactorCodeRequestSchema,
    response: totpConfirmedSchema,
  },
  removeTotp: {
    summary:
      'Remove the authenticator app and its recovery codes: needs a second factor proved in this session in the last 10 minutes (403 SECOND_FACTOR_REQUIRED). 409 TOTP_NOT_SET_UP without one',
    member: true,
    response: messageResponseSchema,
  },
  proveSecondFactor: {
    summary:
      'Prove a second factor in this session with a code from the app (each code once) or a recovery code (once): moderation opens to it. 400 TOTP_CODE_INVALID or TOTP_CODE_USED, 409 TOTP_NOT_SET_UP; failures count like sign-in failures (429 RATE_LIMITED)',
    member: true,
    body: secondFactorCodeRequestSchema,
    response: secondFactorProvedSchema,
  },
  blockedMembers: {
    summary: 'The members one blocked, the latest first',
    member: true,
    response: z.array(blockedMemberSchema),
  },
  gifts: {
    summary:
      'The gift catalogue: names and descriptions in the language asked, prices in cents (card) and FCFA (mobile money)',
    member: false,
    query: giftsQuerySchema,
    response: z.array(giftSchema),
  },
  giftCheckout: {
    summary:
      'Start paying for a gift to a member (by card): the price comes from the catalogue; answers where to pay',
    member: true,
    query: giftCheckoutQuerySchema,
    body: giftCheckoutRequestSchema,
    response: checkoutSessionResponseSchema,
  },
  paydunyaGiftCheckout: {
    summary:
      'Start paying for a gift to a member by mobile money (FCFA): the price comes from the server; answers where to pay',
    member: true,
    query: giftCheckoutQuerySchema,
    body: giftSendRequestSchema,
    response: paydunyaSessionResponseSchema,
  },
  sendGift: {
    summary:
      'Back from paying for a gift: asks the provider, and delivers the gift once if it was paid and the receiver may still get it from the giver (else `undelivered`)',
    member: true,
    body: giftSendRequestSchema,
    response: paymentOutcomeSchema,
  },
  subscriptionPlans: {
    summary: 'The plans, their length and prices by card (cents) and mobile money (FCFA)',
    member: false,
    response: planOffersSchema,
  },
  subscriptionCheckout: {
    summary:
      'Start paying for a plan by card; the paying member is the session’s, never the userId given',
    member: true,
    query: subscriptionSessionQuerySchema,
    response: checkoutSessionResponseSchema,
  },
  paydunyaCheckout: {
    summary: 'Start paying for a plan by mobile money (FCFA); answers where to pay',
    member: true,
    query: paydunyaSessionQuerySchema,
    body: paydunyaSessionRequestSchema,
    response: paydunyaSessionResponseSchema,
  },
  confirmSubscription: {
    summary:
      'Back from paying for a plan: asks the provider, and starts or extends the subscription once if it was paid',
    member: true,
    query: planQuerySchema,
    response: paymentOutcomeSchema,
  },
  ...sessionEndpointSchemas,
  ...passkeyEndpointSchemas,
  ...stayEndpointSchemas,
  ...moderationDecisionEndpoints,
  ...publicReportEndpoints,
  ...transparencyEndpoints,
} satisfies Record<EndpointName, EndpointSchemas>;

/** Every endpoint's method and path, family mode's and verification's included. */
export const allEndpointRoutes = {
  ...endpointRoutes,
  ...guardianEndpointRoutes,
  ...waliEndpointRoutes,
  ...familyOpinionEndpointRoutes,
  ...verificationEndpointRoutes,
  ...verificationQueueEndpointRoutes,
  ...sessionEndpointRoutes,
  ...secondFactorEndpointRoutes,
  ...stayEndpointRoutes,
  ...moderationDecisionEndpointRoutes,
  ...publicReportEndpointRoutes,
  ...transparencyEndpointRoutes,
};

/** Every endpoint: its method and path with its schemas. */
export const endpoints = Object.fromEntries(
  Object.entries(schemas).map(([name, entry]) => [
    name,
    { ...allEndpointRoutes[name as EndpointName], ...entry },
  ]),
  // Through unknown: the checker gives up comparing a record this large with the mapped type.
) as unknown as { [K in EndpointName]: (typeof allEndpointRoutes)[K] & (typeof schemas)[K] };
export type Endpoints = typeof endpoints;

type Part<E, Key extends string, As extends string> =
  E extends Record<Key, infer S extends z.ZodType> ? { [P in As]: z.input<S> } : unknown;

/** What a client sends to an endpoint: path parameters, query, JSON body or a multipart form. */
export type EndpointRequest<K extends EndpointName> = Part<Endpoints[K], 'params', 'params'> &
  Part<Endpoints[K], 'query', 'query'> &
  Part<Endpoints[K], 'body', 'body'> &
  (Endpoints[K] extends { form: object } ? { form: FormData } : unknown);

/** What an endpoint answers on success. */
export type EndpointAnswer<K extends EndpointName> = z.output<Endpoints[K]['response']>;
