import type { CallSignal } from '@mawadda/contract';
import { destinations } from '@mawadda/contract/destinations';
import { callApi } from '@/lib/api-client.ts';
import { realtime } from '@/lib/realtime/realtime-client.ts';

/** GET /api/calls/ice-servers: STUN, and TURN credentials made for this member, for one call. */
export async function fetchIceServers(): Promise<RTCIceServer[]> {
  return (await callApi('iceServers')).iceServers;
}

/**
 * SEND /app/call/{peerId}: the server stamps `from`, `to` and `callId` and relays it to the
 * peer's `/topic/call`. False when the socket is down.
 */
export function sendCallSignal(peerId: string, signal: CallSignal): boolean {
  return realtime.publish(destinations.publishCall(peerId), signal);
}
