/**
 * The likes badge (docs/spec.md §4): "A badge count is zeroed if the last like is not newer than
 * [the seen] timestamp." Opening the liked-you list stores that timestamp, so the badge clears at
 * once, even before the server's own count catches up (a poll already under way, a mark-seen
 * call that failed). A like that arrives later is newer, and counts again.
 */
export function likesBadgeCount(
  newLikes: number,
  lastLikeAt: string | null | undefined,
  seenAt: number | null | undefined,
): number {
  if (!Number.isFinite(newLikes) || newLikes <= 0) return 0;
  if (seenAt === null || seenAt === undefined || !lastLikeAt) return newLikes;
  const last = Date.parse(lastLikeAt);
  if (Number.isNaN(last)) return newLikes;
  return last > seenAt ? newLikes : 0;
}
