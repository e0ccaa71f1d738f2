import { destinations, E, presenceEventSchema } from '@mawadda/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { BrokerLimits } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Backplane } from './backplane.ts';
import {
  BrokerRefusal,
  type ConnectedMember,
  createStompBroker,
  invalidFrame,
  jsonBody,
  type SendHandler,
} from './broker/index.ts';
import type { PresenceService } from './presence.service.ts';

/**
 * The subscriptions a member may hold (docs/spec.md §7, docs/baseline.md "Real time"): their own chat,
 * read, call, match and contact topics, and the presence topic, which carries only related
 * members' presence.
 */
export function maySubscribe(memberId: string, destination: string): boolean {
  return (
    destination === destinations.presence ||
    destination === destinations.chat(memberId) ||
    destination === destinations.read(memberId) ||
    destination === destinations.call(memberId) ||
    destination === destinations.match(memberId) ||
    destination === destinations.contact(memberId)
  );
}

export function createRealtimeService(deps: {
  limits: BrokerLimits;
  backplane: Backplane;
  presence: PresenceService;
  authenticate(
    token: string,
  ): Promise<{ id: string; memberId: string; expiresAt: number; consented: boolean } | undefined>;
  /** The clock sessions expire by. */
  clock: Clock;
  /** The SENDs other modules serve (call signals), beside presence. */
  sendHandlers: SendHandler[];
  onConnectionClosed?(member: ConnectedMember): void;
  onSubscribed?(member: ConnectedMember, destination: string): void;
  /** The process's open connections, which the connection cap counts. */
  openConnections?(): Promise<number>;
  log: FastifyBaseLogger;
}) {
  const broker = createStompBroker({
    limits: deps.limits,
    backplane: deps.backplane,
    log: deps.log,
    sessionNow: () => deps.clock.now().getTime(),
    authenticate: async (token) => {
      const session = await deps.authenticate(token);
      if (!session) return null;
      // As on REST (ADR 021): nothing is shared with a member who has not consented yet.
      if (!session.consented) throw new BrokerRefusal(E.CONSENT_REQUIRED);
      return { sessionId: session.id, memberId: session.memberId, expiresAt: session.expiresAt };
    },
    maySubscribe,
    onMemberConnected: deps.presence.connected,
    onMemberDisconnected: deps.presence.disconnected,
    ...(deps.onConnectionClosed ? { onConnectionClosed: deps.onConnectionClosed } : {}),
    ...(deps.onSubscribed ? { onSubscribed: deps.onSubscribed } : {}),
    ...(deps.openConnections ? { openConnections: deps.openConnections } : {}),
    sendHandlers: [
      {
        // The member is the connection's: a `userId` in the body is never trusted.
        destination: /^\/app\/presence$/,
        async handle(_from, _match, body) {
          const parsed = presenceEventSchema.pick({ status: true }).safeParse(jsonBody(body));
          if (!parsed.success) throw invalidFrame('Presence needs a status: online or offline');
        },
      },
      ...deps.sendHandlers,
    ],
  });
  return { broker, presence: deps.presence };
}

export type RealtimeService = ReturnType<typeof createRealtimeService>;
