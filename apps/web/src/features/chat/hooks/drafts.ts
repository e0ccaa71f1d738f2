import { CHAT_DRAFTS_KEY, session } from '@/lib/session.ts';

/**
 * What the member is writing in each conversation, kept beside the session (where the token is)
 * as `{ member, texts: { [otherId]: text } }`: a reload brings it back, sending clears it, and
 * logout (`session.end`) deletes it. The copy names its member, so the next member signing in on
 * the device never reads it (and their first draft replaces it): one member's data at a time, as
 * for the kept answers (ADR 010).
 */
type Kept = { member: string; texts: Record<string, string> };

function textsOf(member: string): Record<string, string> {
  try {
    const kept = JSON.parse(session.area().getItem(CHAT_DRAFTS_KEY) ?? 'null') as Kept | null;
    if (kept?.member !== member || typeof kept.texts !== 'object' || kept.texts === null) return {};
    return kept.texts;
  } catch {
    return {};
  }
}

export const drafts = {
  /** What `member` was writing to `other`; empty when nothing. */
  get(member: string, other: string): string {
    const text = textsOf(member)[other];
    return typeof text === 'string' ? text : '';
  },
  /** Keeps what `member` is writing to `other`; an empty text removes the draft. */
  set(member: string, other: string, text: string) {
    if (!member) return;
    const texts = Object.fromEntries(
      Object.entries(textsOf(member)).filter(([id]) => id !== other),
    );
    if (text) texts[other] = text;
    try {
      if (Object.keys(texts).length === 0) session.area().removeItem(CHAT_DRAFTS_KEY);
      else session.area().setItem(CHAT_DRAFTS_KEY, JSON.stringify({ member, texts }));
    } catch {
      // Storage full or refused: the text stays in the composer while the page is open.
    }
  },
};
