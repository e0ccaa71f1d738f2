/**
 * The viewer rows last read for suggestions on this node, by member, the most recently used
 * kept (ADR 053). A page's statement checks that the copy is still the row's version, so a copy
 * never gives a page once the row has changed on any node: it only saves the round trip that
 * would read the row again.
 */
export function createViewerCopies<Viewer>(maxEntries: number) {
  const entries = new Map<string, Viewer>();
  return {
    get(memberId: string): Viewer | undefined {
      const viewer = entries.get(memberId);
      if (viewer !== undefined) {
        // To the end of the Map's insertion order: the last one evicted.
        entries.delete(memberId);
        entries.set(memberId, viewer);
      }
      return viewer;
    },
    set(memberId: string, viewer: Viewer) {
      entries.delete(memberId);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(memberId, viewer);
    },
  };
}
