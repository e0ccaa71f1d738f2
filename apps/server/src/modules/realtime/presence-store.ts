import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Who is online, across nodes. A node reports the members it holds a socket of; a member is
 * online while any live node holds one. `add` and `remove` say whether the member's state changed
 * for everyone (their first socket anywhere, their last one anywhere), which is when presence is
 * announced.
 */
export type PresenceStore = {
  /** This node now holds a socket of the member; true if nobody held one before. */
  add(memberId: string): Promise<boolean>;
  /** This node holds no socket of the member any more; true if no node holds one now. */
  remove(memberId: string): Promise<boolean>;
  onlineAmong(memberIds: readonly string[]): Promise<Set<string>>;
  /**
   * Called periodically: keeps this node alive and takes over the members of nodes that stopped
   * (killed, cut off), answering those of them now offline everywhere (`offline`); when the store
   * lost this node's members (Redis restarted empty, or another node took this one for dead),
   * writes them again, answering those it had made offline for everyone (`online`).
   */
  tick(): Promise<{ offline: string[]; online: string[] }>;
  close(): Promise<void>;
};

/** One node: the broker's own sockets are the whole truth. */
export function createMemoryPresenceStore(): PresenceStore {
  const online = new Set<string>();
  return {
    async add(memberId) {
      const was = online.has(memberId);
      online.add(memberId);
      return !was;
    },
    async remove(memberId) {
      return online.delete(memberId);
    },
    async onlineAmong(memberIds) {
      return new Set(memberIds.filter((id) => online.has(id)));
    },
    async tick() {
      return { offline: [], online: [] };
    },
    async close() {},
  };
}

// Every node has a set of the members it holds (`node:<id>`) and a key that expires unless the node
// renews it (`alive:<id>`); `nodes` lists the node ids. A member is online while a node whose alive
// key exists has them in its set. The scripts run atomically, so two nodes never both announce.
const ONLINE_ELSEWHERE = `
local function onlineElsewhere(prefix, me, member)
  for _, node in ipairs(redis.call('SMEMBERS', prefix .. 'nodes')) do
    if node ~= me and redis.call('EXISTS', prefix .. 'alive:' .. node) == 1
      and redis.call('SISMEMBER', prefix .. 'node:' .. node, member) == 1 then
      return true
    end
  end
  return false
end
`;

const ADD = `${ONLINE_ELSEWHERE}
local prefix, me, member = ARGV[1], ARGV[2], ARGV[3]
local before = redis.call('SISMEMBER', prefix .. 'node:' .. me, member) == 1 or onlineElsewhere(prefix, me, member)
redis.call('SADD', prefix .. 'node:' .. me, member)
if before then return 0 else return 1 end
`;

const REMOVE = `${ONLINE_ELSEWHERE}
local prefix, me, member = ARGV[1], ARGV[2], ARGV[3]
local held = redis.call('SREM', prefix .. 'node:' .. me, member) == 1
if held and not onlineElsewhere(prefix, me, member) then return 1 else return 0 end
`;

const ONLINE_AMONG = `
local prefix = ARGV[1]
local live = {}
for _, node in ipairs(redis.call('SMEMBERS', prefix .. 'nodes')) do
  if redis.call('EXISTS', prefix .. 'alive:' .. node) == 1 then table.insert(live, node) end
end
local out = {}
for i = 2, #ARGV do
  local found = 0
  for _, node in ipairs(live) do
    if redis.call('SISMEMBER', prefix .. 'node:' .. node, ARGV[i]) == 1 then found = 1 break end
  end
  out[i - 1] = found
end
return out
`;

/** Claims the members of one dead node (only one claimer wins) and says which are gone for all. */
const CLAIM_DEAD = `${ONLINE_ELSEWHERE}
local prefix, me, dead = ARGV[1], ARGV[2], ARGV[3]
if redis.call('EXISTS', prefix .. 'alive:' .. dead) == 1 then return {} end
local held = redis.call('SMEMBERS', prefix .. 'node:' .. dead)
redis.call('DEL', prefix .. 'node:' .. dead)
redis.call('SREM', prefix .. 'nodes', dead)
local gone = {}
for _, member in ipairs(held) do
  if redis.call('SISMEMBER', prefix .. 'node:' .. me, member) == 0
    and not onlineElsewhere(prefix, me, member) then
    table.insert(gone, member)
  end
end
return gone
`;

/**
 * Several nodes on one Redis. A killed node's members go offline once its alive key expires
 * (`ttlMs`) and another node's next tick claims them: within `ttlMs` + one tick interval.
 */
export function createRedisPresenceStore(
  redis: Redis,
  options: { ttlMs: number; prefix: string; nodeId?: string },
): PresenceStore {
  const { prefix } = options;
  const nodeId = options.nodeId ?? randomUUID();
  const run = (script: string, ...args: string[]) => redis.eval(script, 0, prefix, ...args);
  /**
   * The members this node told the store it holds: what it writes again when the store lost
   * them. Kept in the order of the calls, whose commands Redis runs in that order too.
   */
  const held = new Set<string>();
  /** Answers whether the node had to be listed again: the store had lost it. */
  const alive = async () => {
    const [, listed] = (await redis
      .multi()
      .set(`${prefix}alive:${nodeId}`, '1', 'PX', options.ttlMs)
      .sadd(`${prefix}nodes`, nodeId)
      .exec()) ?? [
      [null, 'OK'],
      [null, 0],
    ];
    return listed?.[1] === 1;
  };
  const ready = alive();

  return {
    async add(memberId) {
      held.add(memberId);
      await ready;
      return (await run(ADD, nodeId, memberId)) === 1;
    },
    async remove(memberId) {
      held.delete(memberId);
      await ready;
      return (await run(REMOVE, nodeId, memberId)) === 1;
    },
    async onlineAmong(memberIds) {
      if (memberIds.length === 0) return new Set();
      const flags = (await run(ONLINE_AMONG, ...memberIds)) as number[];
      return new Set(memberIds.filter((_, i) => flags[i] === 1));
    },
    async tick() {
      // Without this, a Redis restarted empty would say every member offline until they
      // reconnect, though their sockets never closed.
      const online: string[] = [];
      if (await alive()) {
        for (const memberId of [...held]) {
          // Gone meanwhile: its removal was sent already, and must stay last.
          if (!held.has(memberId)) continue;
          if ((await run(ADD, nodeId, memberId)) === 1) online.push(memberId);
        }
      }
      const nodes = await redis.smembers(`${prefix}nodes`);
      const offline: string[] = [];
      for (const node of nodes) {
        if (node === nodeId) continue;
        offline.push(...((await run(CLAIM_DEAD, nodeId, node)) as string[]));
      }
      return { offline, online };
    },
    async close() {
      // A node that stops cleanly hands its members over at once instead of after the TTL.
      await redis.del(`${prefix}alive:${nodeId}`);
    },
  };
}
