import { z } from 'zod';

/** STOMP destinations of spec section 7. */
export const destinations = {
  presence: '/topic/presence',
  chat: (memberId: string) => `/topic/chat/${memberId}`,
  read: (memberId: string) => `/topic/read/${memberId}`,
  call: (memberId: string) => `/topic/call/${memberId}`,
  publishPresence: '/app/presence',
  publishCall: (memberId: string) => `/app/call/${memberId}`,
} as const;

export const PRESENCE_STATUSES = ['online', 'offline'] as const;

/** `userId` is stamped by the server from the connection, never trusted from the frame. */
export const presenceEventSchema = z.object({
  userId: z.string(),
  status: z.enum(PRESENCE_STATUSES),
});
export type PresenceEvent = z.infer<typeof presenceEventSchema>;

const SDP_MAX_LENGTH = 100_000;
const sessionDescriptionSchema = z.object({
  type: z.enum(['offer', 'answer', 'pranswer', 'rollback']),
  sdp: z.string().max(SDP_MAX_LENGTH).optional(),
});

export const CALL_TYPES = ['audio', 'video'] as const;

/** A WebRTC signal between two members; `from` is stamped by the server. */
export const callSignalSchema = z.object({
  from: z.string().optional(),
  to: z.string().optional(),
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
});
export type CallSignal = z.infer<typeof callSignalSchema>;
