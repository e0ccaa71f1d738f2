import { E, isErrorCode } from '@mawadda/contract';
import type { ConnectionRegistry } from './registry.ts';
import { type BrokerOptions, SESSION_ENDED_CLOSE } from './types.ts';

/** Once a second, or twice per heart-beat when they are shorter (tests use short ones). */
const sweepEveryMs = (heartBeatMs: number) =>
  heartBeatMs > 0 ? Math.min(1000, Math.max(50, heartBeatMs / 2)) : 1000;

/** Closes this node's sockets of a session or of a member: their session ended. */
export function endSessionsLocal(
  registry: ConnectionRegistry,
  reason: string,
  sessionId?: string,
  memberId?: string,
) {
  // A node of the release before codes names the reason in English.
  const code = isErrorCode(reason) ? reason : E.SESSION_ENDED;
  for (const connection of [...registry.connections]) {
    const member = connection.member;
    if (!member) continue;
    if (
      (sessionId && member.sessionId === sessionId) ||
      (memberId && member.memberId === memberId)
    ) {
      registry.fail(connection, code, undefined, SESSION_ENDED_CLOSE);
    }
  }
}

/**
 * One sweep for every socket: heart-beats out, silent clients and unfinished CONNECTs dropped,
 * sessions that expired while open ended (nothing else tells a node: no one logged out).
 * Answers the function that stops it.
 */
export function startSweeper(
  registry: ConnectionRegistry,
  options: Pick<BrokerOptions, 'limits' | 'log'> & { now: () => number; sessionNow: () => number },
) {
  const { limits, log, now, sessionNow } = options;
  const sweep = setInterval(() => {
    const t = now();
    const sessionT = sessionNow();
    for (const connection of registry.connections) {
      if (!connection.member) {
        if (t - connection.openedAt > limits.connectTimeoutMs) {
          registry.fail(connection, E.REALTIME_CONNECT_TIMEOUT);
        }
        continue;
      }
      if (sessionT >= connection.sessionExpiresAt) {
        registry.fail(connection, E.SESSION_ENDED, undefined, SESSION_ENDED_CLOSE);
        continue;
      }
      const maxSilence = connection.expectEveryMs
        ? Math.min(2 * connection.expectEveryMs, limits.maxSilenceMs)
        : limits.maxSilenceMs;
      if (t - connection.lastReceivedAt > maxSilence) {
        log.info(
          { connection: connection.id },
          'Dropping a WebSocket client silent past its heart-beat or the silence limit',
        );
        registry.drop(connection);
        continue;
      }
      if (connection.sendEveryMs && t - connection.lastSentAt >= connection.sendEveryMs) {
        registry.send(connection, '\n');
      }
    }
  }, sweepEveryMs(limits.heartBeatMs));
  sweep.unref();
  return () => clearInterval(sweep);
}
