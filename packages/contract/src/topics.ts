import './zod-config.ts';
import type { z } from 'zod';
import { messageSchema, readReceiptSchema } from './chat.ts';
import { callSignalSchema, contactChangeSchema, presenceEventSchema } from './realtime.ts';
import { matchEventSchema } from './social.ts';

/**
 * The topic map: every destination the server publishes to (docs/spec.md §7), by pattern, and the
 * schema of the frames it carries. `*` stands for one path segment, the member the topic is for.
 * The server's publish takes only these destinations, with their payload's type; the web app's
 * subscriptions parse each frame with the schema of its destination instead of casting it.
 *
 * - chat: a new message, sent or received, gifts included (a gift is a message);
 * - read: a read receipt, to the sender of the messages read;
 * - call: a WebRTC signal (offers, answers, candidates, ends, busy);
 * - match: "It's a match", to the member liked back;
 * - contact: a match ended or a block, to both members (who asks again what they may see);
 * - presence: a related member came online or went offline.
 */
export const topics = {
  '/topic/presence': presenceEventSchema,
  '/topic/chat/*': messageSchema,
  '/topic/read/*': readReceiptSchema,
  '/topic/call/*': callSignalSchema,
  '/topic/match/*': matchEventSchema,
  '/topic/contact/*': contactChangeSchema,
} as const;

export type TopicPattern = keyof typeof topics;

/** The destinations a pattern stands for: `/topic/chat/*` is `/topic/chat/${string}`. */
type DestinationOf<P extends string> = P extends `${infer Head}/*` ? `${Head}/${string}` : P;

/** Any destination the server publishes to. */
export type TopicDestination = { [P in TopicPattern]: DestinationOf<P> }[TopicPattern];

/** The pattern of a destination, as a type. */
export type TopicPatternOf<D extends TopicDestination> = {
  [P in TopicPattern]: D extends DestinationOf<P> ? P : never;
}[TopicPattern];

/** What a frame on `D` carries, as a subscriber reads it (the schema's output). */
export type TopicPayload<D extends TopicDestination> = z.output<(typeof topics)[TopicPatternOf<D>]>;

/** What the server may publish on `D` (the schema's input). */
export type TopicBody<D extends TopicDestination> = z.input<(typeof topics)[TopicPatternOf<D>]>;

const SEGMENT = /^[^/]+$/;

/** The pattern a destination matches, or undefined for one the server never publishes to. */
export function topicPatternOf(destination: string): TopicPattern | undefined {
  for (const pattern of Object.keys(topics) as TopicPattern[]) {
    if (!pattern.endsWith('/*')) {
      if (destination === pattern) return pattern;
      continue;
    }
    const head = pattern.slice(0, -1);
    if (destination.startsWith(head) && SEGMENT.test(destination.slice(head.length))) {
      return pattern;
    }
  }
  return undefined;
}

/** The schema of the frames on a destination (undefined for an unknown destination). */
export function topicSchemaOf<D extends TopicDestination>(
  destination: D,
): z.ZodType<TopicPayload<D>> | undefined {
  const pattern = topicPatternOf(destination);
  return pattern ? (topics[pattern] as unknown as z.ZodType<TopicPayload<D>>) : undefined;
}
