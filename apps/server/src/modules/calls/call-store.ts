import type { Redis } from 'ioredis';

/** The call a member is in, ringing or running. */
export type CallClaim = { callId: string; peerId: string };

/**
 * A call ringing for a member: who calls, the ring they were sent and the caller's candidates sent
 * since (JSON each), for a socket of theirs that connects while it rings.
 */
export type Ring = { callId: string; callerId: string; signal: string; candidates: string[] };

/**
 * Who is in a call, across nodes: a member is in at most one (docs/spec.md §4), so an offer claims
 * both members at once or finds one of them busy. Claims end when the call ends; with several
 * nodes they also expire unless the nodes holding the call renew them, so a node that dies never
 * leaves its members busy for ever.
 */
export type CallStore = {
  claim(callerId: string, calleeId: string, callId: string): Promise<ClaimResult>;
  current(memberId: string): Promise<CallClaim | null>;
  /** Ends the claims of these members that are still on this call (and only those). */
  release(callId: string, memberIds: readonly string[]): Promise<void>;
  /**
   * Called periodically by each node holding calls: keeps alive the claims of the members it
   * holds each call for (`mine`: their sockets in it are on this node). Answers the calls where
   * one of those claims is gone (`mineGone`: the call ended elsewhere, or Redis lost it) or the
   * other member's is (`peerGone`: ended elsewhere, lost, or its node stopped renewing it).
   */
  renew(calls: ReadonlyArray<HeldClaims>): Promise<Array<{ callId: string } & ClaimsGone>>;
  /** Writes again the claims of `mine` on this call that are gone, unless another call took them. */
  restore(call: HeldClaims): Promise<void>;
  /**
   * The ring sent to the callee, kept while it rings (at most `ttlMs`), so their sockets that
   * connect meanwhile, on any node, ring too; the answer (`answered`) or the end (`release`)
   * forgets it.
   */
  ring(calleeId: string, ring: Omit<Ring, 'candidates'>, ttlMs: number): Promise<void>;
  /** A candidate of the caller's, kept with the ring of that call to that callee (if it rings). */
  ringCandidate(callId: string, calleeId: string, candidate: string): Promise<void>;
  ringing(memberId: string): Promise<Ring | null>;
  answered(callId: string, calleeId: string): Promise<void>;
};

export type ClaimResult = 'claimed' | 'callerBusy' | 'calleeBusy';

/** A call as one node holds it: its two members, and those of them it holds it for. */
export type HeldClaims = {
  callId: string;
  memberIds: readonly [string, string];
  mine: readonly string[];
};

export type ClaimsGone = { mineGone: boolean; peerGone: boolean };

/** One node: claims live as long as the process. */
export function createMemoryCallStore(): CallStore {
  const claims = new Map<string, CallClaim>();
  const rings = new Map<string, Ring>();
  const forget = (callId: string, calleeId: string) => {
    if (rings.get(calleeId)?.callId === callId) rings.delete(calleeId);
  };
  return {
    async claim(callerId, calleeId, callId) {
      if (claims.has(callerId)) return 'callerBusy';
      if (claims.has(calleeId)) return 'calleeBusy';
      claims.set(callerId, { callId, peerId: calleeId });
      claims.set(calleeId, { callId, peerId: callerId });
      return 'claimed';
    },
    async current(memberId) {
      return claims.get(memberId) ?? null;
    },
    async release(callId, memberIds) {
      for (const memberId of memberIds) {
        if (claims.get(memberId)?.callId === callId) claims.delete(memberId);
        forget(callId, memberId);
      }
    },
    // One node holds every call: a claim goes only with its call.
    async renew() {
      return [];
    },
    async restore() {},
    // The call's ring timer ends it within the ring time: no expiry needed here.
    async ring(calleeId, ring) {
      rings.set(calleeId, { ...ring, candidates: [] });
    },
    async ringCandidate(callId, calleeId, candidate) {
      const ring = rings.get(calleeId);
      if (ring?.callId === callId) ring.candidates.push(candidate);
    },
    async ringing(memberId) {
      return rings.get(memberId) ?? null;
    },
    async answered(callId, calleeId) {
      forget(callId, calleeId);
    },
  };
}

// A claim is `<callId> <peerId>` under `<prefix><memberId>`, with an expiry.
const CLAIM = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 1 end
if redis.call('EXISTS', KEYS[2]) == 1 then return 2 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
return 0
`;

/** Deletes the keys still on the call ARGV[1]. */
const FORGET_ON_CALL = `
local prefix = ARGV[1] .. ' '
for _, key in ipairs(KEYS) do
  local value = redis.call('GET', key)
  if value and string.sub(value, 1, #prefix) == prefix then
    redis.call('DEL', key)
  end
end
return 0
`;

/**
 * KEYS are a call's two claims, ARGV[1] its id, ARGV[2] the TTL, ARGV[3] and ARGV[4] whether each
 * claim is this node's to renew. Renews those still on the call; answers whether one of them,
 * and whether one of the others, is not.
 */
const RENEW = `
local prefix = ARGV[1] .. ' '
local mineGone, peerGone = 0, 0
for i, key in ipairs(KEYS) do
  local value = redis.call('GET', key)
  local onCall = value and string.sub(value, 1, #prefix) == prefix
  if ARGV[2 + i] == '1' then
    if onCall then redis.call('PEXPIRE', key, ARGV[2]) else mineGone = 1 end
  elseif not onCall then
    peerGone = 1
  end
end
return { mineGone, peerGone }
`;

/** ARGV[1] is the call id, ARGV[2] a line to append to its ring (which keeps its expiry). */
const RING_CANDIDATE = `
local value = redis.call('GET', KEYS[1])
local prefix = ARGV[1] .. ' '
if value and string.sub(value, 1, #prefix) == prefix then redis.call('APPEND', KEYS[1], ARGV[2]) end
return 0
`;

/** Several nodes on one Redis; `ttlMs` bounds how long a dead node's calls keep members busy. */
export function createRedisCallStore(
  redis: Redis,
  options: { ttlMs: number; prefix: string },
): CallStore {
  const key = (memberId: string) => `${options.prefix}${memberId}`;
  // A ring is `<callId> <callerId> <signal>`, then a line per candidate, under
  // `<prefix>ring:<calleeId>` (JSON has no raw line break): FORGET_ON_CALL reads its call id as it
  // reads a claim's.
  const ringKey = (memberId: string) => `${options.prefix}ring:${memberId}`;
  const forget = (callId: string, keys: readonly string[]) =>
    redis.eval(FORGET_ON_CALL, keys.length, ...keys, callId);
  return {
    async claim(callerId, calleeId, callId) {
      const result = await redis.eval(
        CLAIM,
        2,
        key(callerId),
        key(calleeId),
        `${callId} ${calleeId}`,
        `${callId} ${callerId}`,
        String(options.ttlMs),
      );
      return result === 1 ? 'callerBusy' : result === 2 ? 'calleeBusy' : 'claimed';
    },
    async current(memberId) {
      const value = await redis.get(key(memberId));
      if (!value) return null;
      const [callId = '', peerId = ''] = value.split(' ');
      return { callId, peerId };
    },
    async release(callId, memberIds) {
      await forget(callId, [...memberIds.map(key), ...memberIds.map(ringKey)]);
    },
    async renew(calls) {
      const found = await Promise.all(
        calls.map(async ({ callId, memberIds, mine }) => {
          const [mineGone, peerGone] = (await redis.eval(
            RENEW,
            2,
            ...memberIds.map(key),
            callId,
            String(options.ttlMs),
            ...memberIds.map((id) => (mine.includes(id) ? '1' : '0')),
          )) as [number, number];
          return { callId, mineGone: mineGone === 1, peerGone: peerGone === 1 };
        }),
      );
      return found.filter((call) => call.mineGone || call.peerGone);
    },
    async restore({ callId, memberIds, mine }) {
      const [callerId, calleeId] = memberIds;
      await Promise.all(
        mine.map((id) =>
          redis.set(
            key(id),
            `${callId} ${id === callerId ? calleeId : callerId}`,
            'PX',
            options.ttlMs,
            'NX',
          ),
        ),
      );
    },
    async ring(calleeId, ring, ttlMs) {
      await redis.set(
        ringKey(calleeId),
        `${ring.callId} ${ring.callerId} ${ring.signal}`,
        'PX',
        ttlMs,
      );
    },
    async ringCandidate(callId, calleeId, candidate) {
      await redis.eval(RING_CANDIDATE, 1, ringKey(calleeId), callId, `\n${candidate}`);
    },
    async ringing(memberId) {
      const value = await redis.get(ringKey(memberId));
      if (!value) return null;
      const [first = '', ...candidates] = value.split('\n');
      const [callId = '', callerId = ''] = first.split(' ', 2);
      return {
        callId,
        callerId,
        signal: first.slice(callId.length + callerId.length + 2),
        candidates,
      };
    },
    async answered(callId, calleeId) {
      await forget(callId, [ringKey(calleeId)]);
    },
  };
}
