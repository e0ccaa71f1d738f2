export type CachedSession = { id: string; memberId: string };

type Entry = {
  session: CachedSession;
  expiresAt: number;
  checkedAt: number;
  /** When the member's activity was last written: at most once a minute. */
  activeAt: number;
};

/**
 * Live sessions recently read from the database, by token hash, so a member's requests (a chat
 * message each) do not each cost a round trip (ADR 013). An entry lives `maxAgeMs` at most (at
 * least half of it) and
 * never past its session's expiry; a logout or password reset forgets it at once on this node
 * and, through the backplane, on the others. A lookup that started before a forget is not kept,
 * so a revoked session read just before its revocation does not come back.
 */
export function createSessionCache(options: {
  maxAgeMs: number;
  maxEntries: number;
  random?: () => number;
}) {
  const entries = new Map<string, Entry & { freshUntil: number }>();
  const random = options.random ?? Math.random;
  let generation = 0;

  return {
    get(tokenHash: string, now: number): Entry | undefined {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (now >= entry.freshUntil || now >= entry.expiresAt) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry;
    },
    /** Where a lookup starts: `set` keeps its answer only if nothing was forgotten since. */
    generation: () => generation,
    set(tokenHash: string, entry: Entry, startedAt: number) {
      if (startedAt !== generation || options.maxAgeMs <= 0) return;
      if (entries.size >= options.maxEntries) {
        // The oldest entry: a Map keeps insertion order.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      // Between half the maximum age and all of it: sessions cached together (every client
      // reconnecting after a restart) are not all read again in the same second.
      const age = options.maxAgeMs * (1 - random() / 2);
      entries.set(tokenHash, { ...entry, freshUntil: entry.checkedAt + age });
    },
    forget(ended: { sessionId?: string | undefined; memberId?: string | undefined }) {
      generation += 1;
      for (const [hash, entry] of entries) {
        if (entry.session.id === ended.sessionId || entry.session.memberId === ended.memberId) {
          entries.delete(hash);
        }
      }
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
