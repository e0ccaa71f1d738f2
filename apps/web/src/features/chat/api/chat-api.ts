import type { Message, RequestReply, WaliAnswer } from '@mawadda/contract';
import { CONVERSATION_PAGE_SIZE, REALTIME_SESSION_HEADER } from '@mawadda/contract/constants';
import {
  familyOpinionEndpointRoutes,
  waliEndpointRoutes,
} from '@mawadda/contract/guardian-endpoint-routes';
import { callApi, endpointCaller } from '@/lib/api-client.ts';
import { realtime } from '@/lib/realtime/realtime-client.ts';

// The wali's contact endpoints come with the chat: kept apart, they add nothing to the first
// route (ADR 045).
const callWaliApi = endpointCaller(waliEndpointRoutes);
// So do the family's opinion's (ADR 078).
const callFamilyOpinionApi = endpointCaller(familyOpinionEndpointRoutes);

/** The family's opinions the member asked on a match, her guardians, whether the match allows it. */
export const fetchFamilyOpinions = (userId: string, signal?: AbortSignal) =>
  callFamilyOpinionApi('familyOpinions', { params: { userId } }, signal);
export const askFamilyOpinion = (userId: string, guardianId: string) =>
  callFamilyOpinionApi('askFamilyOpinion', { params: { userId }, body: { guardianId } });
export const revokeFamilyOpinion = (userId: string, id: string) =>
  callFamilyOpinionApi('revokeFamilyOpinion', { params: { userId, id } });

/** GET /api/chat/contacts: conversations and matches, newest first. */
export function fetchContacts(signal?: AbortSignal) {
  return callApi('chatContacts', {}, signal);
}

/**
 * GET /api/chat/contacts/:userId: the member of a conversation opened with them who is not among
 * the contacts (yet); a 404 `MEMBER_NOT_FOUND` when the conversation is not available.
 */
export function fetchContact(userId: string, signal?: AbortSignal) {
  return callApi('chatContact', { params: { userId } }, signal);
}

/**
 * GET /api/chat/conversation/:userId: at most `CONVERSATION_PAGE_SIZE` messages, in time order;
 * `before` pages back.
 */
export function fetchConversation(
  userId: string,
  before: string | undefined,
  signal?: AbortSignal,
) {
  const query = { size: CONVERSATION_PAGE_SIZE, ...(before ? { before } : {}) };
  return callApi('conversation', { params: { userId }, query }, signal);
}

export type OutgoingFields = {
  uuid: string;
  content: string | null;
  image: File | null;
  audio: Blob | null;
};

/** Voice notes travel with a file name whose extension matches what the browser recorded. */
function voiceNoteName(audio: Blob) {
  if (audio.type.includes('mp4')) return 'voice-note.m4a';
  if (audio.type.includes('ogg')) return 'voice-note.ogg';
  return 'voice-note.webm';
}

/**
 * POST /api/chat/send/:userId as a form: the client-made uuid makes a retry of the same message
 * idempotent (the server answers the stored message again). It names this tab's socket, which
 * the server then spares the message's echo (ADR 065): the answer brings it.
 */
export function sendMessage(userId: string, fields: OutgoingFields): Promise<Message> {
  const form = new FormData();
  form.set('uuid', fields.uuid);
  if (fields.content) form.set('content', fields.content);
  if (fields.image) form.set('image', fields.image);
  if (fields.audio) form.set('audio', fields.audio, voiceNoteName(fields.audio));
  const socket = realtime.socketSession();
  return callApi('sendMessage', {
    params: { userId },
    form,
    ...(socket ? { headers: { [REALTIME_SESSION_HEADER]: socket } } : {}),
  });
}

/** PUT /api/chat/mark-as-read/:userId: their messages are read; their ticks turn double. */
export function markConversationRead(userId: string) {
  return callApi('markConversationRead', { params: { userId } });
}

/** POST /api/chat/wali/{userId}: ask the other member for their wali's contact (ADR 045). */
export function askWaliContact(userId: string): Promise<Message> {
  return callWaliApi('askWaliContact', { params: { userId } });
}

/** POST /api/chat/wali/{userId}/answer: share a wali's contact, or decline. */
export function answerWaliContact(userId: string, answer: WaliAnswer): Promise<Message> {
  return callWaliApi('answerWaliContact', { params: { userId }, body: answer });
}

/** What a member does about exclusive mode with a match (ADR 070). */
export type ExclusiveAction = 'propose' | 'accept' | 'end';

const EXCLUSIVE_ENDPOINTS = {
  propose: 'proposeExclusive',
  accept: 'acceptExclusive',
  end: 'endExclusive',
} as const;

/**
 * POST /api/users/:id/exclusive (propose), POST …/exclusive/accept, DELETE …/exclusive (end, or
 * withdraw or decline a proposal): answers where the two are now.
 */
export function changeExclusive(userId: string, action: ExclusiveAction) {
  return callApi(EXCLUSIVE_ENDPOINTS[action], { params: { id: userId } });
}

/** GET /api/chat/requests: the message requests waiting for the member's answer (ADR 068). */
export function fetchRequests(signal?: AbortSignal) {
  return callApi('chatRequests', {}, signal);
}

/** POST /api/chat/requests/{userId}/accept: the conversation opens for both. */
export function acceptRequest(userId: string) {
  return callApi('acceptChatRequest', { params: { userId } });
}

/**
 * POST /api/chat/requests/{userId}/decline, with the kind reply chosen by its id (or none): the
 * sender reads it in their own language.
 */
export function declineRequest(userId: string, reply: RequestReply | null) {
  return callApi('declineChatRequest', { params: { userId }, body: { reply } });
}
