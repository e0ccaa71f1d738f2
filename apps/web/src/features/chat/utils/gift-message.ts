/**
 * The gift a message is, by the server's mark only (`gift`, set when the payment was granted:
 * ADR 015); null for any other message. A paid gift's content is `gift:{number}` (docs/spec.md
 * §3), but so may a member's text be: the text is never read for it.
 */
export function giftNumberOf(message: { gift?: number | undefined }): number | null {
  return message.gift ?? null;
}

/**
 * What the app knows of a gift by its number, in the member's language: its name as the chat's
 * sentences say it, with its article ("You sent a tulip bouquet", "Vous avez offert un bouquet
 * de tulipes"), and its picture.
 */
export type GiftLookup = (number: number) => { name: string; imageUrl: string } | undefined;
