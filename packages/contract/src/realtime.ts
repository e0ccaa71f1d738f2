import './zod-config.ts';
import { z } from 'zod';

export { destinations } from './destinations.ts';

const PRESENCE_STATUSES = ['online', 'offline'] as const;

/** `userId` is stamped by the server from the connection, never trusted from the frame. */
export const presenceEventSchema = z.object({
  userId: z.string(),
  status: z.enum(PRESENCE_STATUSES),
});
export type PresenceEvent = z.infer<typeof presenceEventSchema>;

/**
 * `/topic/contact/{id}`: what is between the member and `memberId` changed, a match ended or a
 * block, told to both alike. It says nothing else, so nobody learns from it who ended what
 * (ADR 017): the app asks its answers about `memberId` again, and they say what the rules let the
 * member know (the conversation closed, or unavailable).
 */
export const contactChangeSchema = z.object({ memberId: z.string() });
export type ContactChange = z.infer<typeof contactChangeSchema>;

const SDP_MAX_LENGTH = 100_000;
const sessionDescriptionSchema = z.object({
  type: z.enum(['offer', 'answer', 'pranswer', 'rollback']),
  sdp: z.string().max(SDP_MAX_LENGTH).optional(),
});

export const CALL_TYPES = ['audio', 'video'] as const;
export type CallType = (typeof CALL_TYPES)[number];

/**
 * Why a call ended, as recorded and as shown in the conversation: `completed` (hung up after an
 * answer), `cancelled` (the caller gave up), `declined`, `missed` (no answer in time), `busy` (the
 * callee was in another call), `disconnected` (a side's socket closed), `failed` (its server
 * went away).
 */
export const CALL_END_REASONS = [
  'completed',
  'cancelled',
  'declined',
  'missed',
  'busy',
  'disconnected',
  'failed',
] as const;
export type CallEndReason = (typeof CALL_END_REASONS)[number];

/**
 * A WebRTC signal between two members (docs/spec.md §3). Members send `type` with the offer in
 * `sdp`, `answer`, `candidate` and `endCall`; the server stamps `from`, `to` and `callId`, adds
 * the caller's `name` and `photoUrl` to an offer (for the incoming-call modal), and makes the
 * signals no member sends: `busy` to a caller whose callee is in another call, and `endCall` with
 * a `reason` when the call ends without a member ending it (`missed`, `disconnected`), or on the
 * callee's other tabs once one tab answered (`answeredElsewhere`).
 */
export const callSignalSchema = z.object({
  from: z.string().optional(),
  to: z.string().optional(),
  callId: z.string().optional(),
  type: z.enum(CALL_TYPES).optional(),
  sdp: sessionDescriptionSchema.optional(),
  answer: sessionDescriptionSchema.optional(),
  candidate: z
    .object({
      candidate: z.string().max(2000),
      sdpMid: z.string().max(64).nullable().optional(),
      sdpMLineIndex: z.number().int().nullable().optional(),
      usernameFragment: z.string().max(256).nullable().optional(),
    })
    .optional(),
  endCall: z.boolean().optional(),
  busy: z.boolean().optional(),
  reason: z.enum([...CALL_END_REASONS, 'answeredElsewhere']).optional(),
  caller: z.object({ name: z.string(), photoUrl: z.string().nullable() }).optional(),
});
export type CallSignal = z.infer<typeof callSignalSchema>;

/** One entry of RTCConfiguration.iceServers: STUN without credentials, TURN with short-lived ones. */
const iceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});

/** `GET /api/calls/ice-servers`: what a member's RTCPeerConnection is configured with. */
export const iceServersSchema = z.object({
  iceServers: z.array(iceServerSchema),
  /** When the TURN credentials stop working (ISO time); null without TURN. */
  expiresAt: z.iso.datetime().nullable(),
});
export type IceServers = z.infer<typeof iceServersSchema>;
