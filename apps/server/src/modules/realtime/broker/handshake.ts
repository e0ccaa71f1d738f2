import { E } from '@mawadda/contract';
import type { FloodControl } from './flood-control.ts';
import { BrokerRefusal, invalidFrame } from './refusal.ts';
import type { ConnectionRegistry } from './registry.ts';
import { type ClientFrame, serializeFrame } from './stomp-frame.ts';
import {
  type BrokerOptions,
  type BrokerSession,
  type Connection,
  REPLACED_CLOSE,
} from './types.ts';

const SUPPORTED_VERSION = '1.2';

/**
 * CONNECT: the protocol version, the token (header or query), the flood cool-down, heart-beat
 * negotiation, the member's sockets (their oldest go past `socketsPerMember`, or past one near
 * the process's connection cap).
 */
export function createHandshake(
  registry: ConnectionRegistry,
  flood: FloodControl,
  options: Pick<BrokerOptions, 'limits' | 'authenticate' | 'onMemberConnected'>,
) {
  const { limits } = options;
  const { fail, send } = registry;

  return async function connect(
    connection: Connection,
    frame: ClientFrame,
    queryToken: string | undefined,
  ) {
    const versions = (frame.headers.get('accept-version') ?? '1.0').split(',');
    if (!versions.includes(SUPPORTED_VERSION)) {
      return fail(
        connection,
        invalidFrame(`Supported protocol versions are ${SUPPORTED_VERSION}`),
        frame,
      );
    }
    const authorization = frame.headers.get('Authorization') ?? frame.headers.get('authorization');
    const token =
      frame.headers.get('token') ?? authorization?.replace(/^Bearer\s+/i, '') ?? queryToken;
    let member: BrokerSession | null;
    try {
      member = token ? await options.authenticate(token) : null;
    } catch (error) {
      if (error instanceof BrokerRefusal) return fail(connection, error, frame);
      throw error;
    }
    if (connection.closed) return;
    // The client stops reconnecting on either: only logging in again helps.
    if (!member) return fail(connection, token ? E.SESSION_ENDED : E.LOGIN_REQUIRED, frame);
    if (flood.isCooling(member.memberId)) {
      return fail(
        connection,
        new BrokerRefusal(E.REALTIME_TOO_MANY_FRAMES, 'Too many frames: wait before reconnecting'),
        frame,
      );
    }
    // Near the process's connection cap, the room left is for members who hold no socket yet.
    const crowded =
      registry.socketsOf(member.memberId) !== undefined && (await registry.isCrowded());
    if (connection.closed) return;

    const [cx = 0, cy = 0] = (frame.headers.get('heart-beat') ?? '0,0')
      .split(',')
      .map((n) => (/^\d{1,9}$/.test(n.trim()) ? Number(n) : Number.NaN));
    if (Number.isNaN(cx) || Number.isNaN(cy))
      return fail(connection, invalidFrame('Invalid heart-beat header'), frame);
    const offer = limits.heartBeatMs;
    connection.sendEveryMs = offer && cy ? Math.max(offer, cy) : 0;
    connection.expectEveryMs = offer && cx ? Math.max(offer, cx) : 0;
    const { expiresAt, ...identity } = member;
    connection.member = { ...identity, connectionId: connection.id };
    connection.sessionExpiresAt = expiresAt;
    const open = registry.addMemberSocket(connection, member.memberId);
    send(
      connection,
      serializeFrame('CONNECTED', {
        version: SUPPORTED_VERSION,
        'heart-beat': `${offer},${offer}`,
        session: connection.id,
        server: 'mawadda',
      }),
    );
    if (open.size === 1) options.onMemberConnected?.(member.memberId);
    // The new socket is counted before the oldest goes, so the member never looks offline.
    const allowed = crowded
      ? Math.min(limits.socketsPerMember, Math.max(1, open.size - 1))
      : limits.socketsPerMember;
    for (const oldest of open) {
      if (open.size <= allowed) break;
      if (oldest !== connection) fail(oldest, E.REALTIME_REPLACED, undefined, REPLACED_CLOSE);
    }
    return true as const;
  };
}
