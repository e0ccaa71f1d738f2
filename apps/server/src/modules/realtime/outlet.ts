import type { ErrorCode, TopicBody, TopicDestination } from '@mawadda/contract';
import { type Backplane, deliver } from './backplane.ts';

/**
 * Publishes a frame to the subscribers of a destination on every node (only to the members `to`,
 * when given; never to the connection `except`, the tab that sent what it says). The destination
 * must be one of the contract's topic map, and the body its payload.
 */
export type Publish = <D extends TopicDestination>(
  destination: D,
  body: TopicBody<D>,
  to?: string[],
  except?: string,
) => Promise<void>;

/** Who is told to close their sockets: a session (logout) or a member (password reset). */
export type SessionsTarget = { sessionId: string } | { memberId: string };

/**
 * What other modules send through the real-time layer, without the broker: it goes by the
 * backplane, so it can be built before the broker (which authenticates through auth, which ends
 * sessions through this).
 */
export function createRealtimeOutlet(backplane: Backplane) {
  const publish: Publish = (destination, body, to, except) =>
    deliver(backplane, destination, body, to, except);
  /** As `publish`, to this node's subscribers only. */
  const publishHere: Publish = async (destination, body, to) =>
    backplane.publishHere({
      kind: 'deliver',
      destination,
      body: JSON.stringify(body),
      ...(to ? { to } : {}),
    });
  return {
    publish,
    publishHere,
    /** Closes, on every node, the sockets of a session or of a member. */
    endSessions(target: SessionsTarget, reason: ErrorCode) {
      return backplane.publish({ kind: 'end-sessions', reason, ...target });
    },
  };
}

export type RealtimeOutlet = ReturnType<typeof createRealtimeOutlet>;
