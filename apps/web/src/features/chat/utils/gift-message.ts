/** Gift messages carry `gift:{number}` (docs/spec.md §3); null for any other content. */
export function giftNumberOf(content: string | null): number | null {
  const match = /^gift:(\d+)$/.exec(content ?? '');
  return match ? Number(match[1]) : null;
}

/** What the app knows of a gift by its number: its name in the member's language, its picture. */
export type GiftLookup = (number: number) => { name: string; imageUrl: string } | undefined;
