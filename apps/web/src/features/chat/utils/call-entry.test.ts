import type { CallEndReason, CallType } from '@mawadda/contract';
import { describe, expect, it } from 'vitest';
import { createTestI18n, type TestLanguage } from '@/test/render.tsx';
import { addChatTexts, CHAT_NAMESPACE } from '../i18n.ts';
import { callEntryText } from './call-entry.ts';

/** A call's length keeps each number with its unit: a no-break space between them. */
const spaced = (text: string) => text.replace(/(\d) /g, '$1\u00a0');

async function textIn(language: TestLanguage) {
  const i18n = await createTestI18n(language);
  addChatTexts(i18n);
  const t = i18n.getFixedT(language, CHAT_NAMESPACE);
  return (
    type: CallType,
    endReason: CallEndReason,
    durationSeconds: number | null,
    mine: boolean,
  ) => callEntryText(t, { type, endReason, durationSeconds }, mine);
}

describe('a call entry in the conversation', () => {
  it('says, in English, what happened from my side', async () => {
    const text = await textIn('en');
    // A length as every call's is written: in words a screen reader says, never "0:42".
    expect(text('video', 'completed', 240, true)).toBe(spaced('Video call · 4 min'));
    expect(text('audio', 'completed', 65, true)).toBe(spaced('Voice call · 1 min 5 sec'));
    expect(text('audio', 'completed', 42, false)).toBe(spaced('Voice call · 42 sec'));
    expect(text('audio', 'disconnected', 7, true)).toBe(spaced('Voice call · 7 sec'));
    // Unanswered: the callee missed it, the caller had no answer.
    expect(text('audio', 'missed', null, false)).toBe('Missed voice call');
    expect(text('audio', 'missed', null, true)).toBe('Voice call · No answer');
    expect(text('video', 'cancelled', null, true)).toBe('Cancelled video call');
    expect(text('video', 'cancelled', null, false)).toBe('Missed video call');
    expect(text('audio', 'declined', null, true)).toBe('Voice call declined');
    expect(text('audio', 'declined', null, false)).toBe('Voice call declined');
    expect(text('audio', 'busy', null, true)).toBe('Voice call · Busy');
    expect(text('video', 'failed', null, true)).toBe('Video call · Not connected');
  });

  it('says it in French', async () => {
    const text = await textIn('fr');
    expect(text('video', 'completed', 240, true)).toBe(spaced('Appel vidéo · 4 min'));
    expect(text('audio', 'completed', 65, true)).toBe(spaced('Appel vocal · 1 min 5 s'));
    expect(text('audio', 'completed', 42, false)).toBe(spaced('Appel vocal · 42 s'));
    expect(text('audio', 'missed', null, false)).toBe('Appel vocal manqué');
    expect(text('audio', 'missed', null, true)).toBe('Appel vocal · Pas de réponse');
    expect(text('video', 'cancelled', null, true)).toBe('Appel vidéo annulé');
    expect(text('audio', 'declined', null, true)).toBe('Appel vocal refusé');
    expect(text('audio', 'busy', null, true)).toBe('Appel vocal · Occupé');
  });
});
