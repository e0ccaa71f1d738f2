import type { CallEndReason, CallType } from '@mawadda/contract';
import { describe, expect, it } from 'vitest';
import { createTestI18n, type TestLanguage } from '@/test/render.tsx';
import { addChatTexts, CHAT_NAMESPACE } from '../i18n.ts';
import { callEntryText } from './call-entry.ts';

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
    expect(text('video', 'completed', 240, true)).toBe('Video call · 4 min');
    expect(text('audio', 'completed', 42, false)).toBe('Voice call · 0:42');
    expect(text('audio', 'disconnected', 7, true)).toBe('Voice call · 0:07');
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
    expect(text('video', 'completed', 240, true)).toBe('Appel vidéo · 4 min');
    expect(text('audio', 'completed', 42, false)).toBe('Appel vocal · 0:42');
    expect(text('audio', 'missed', null, false)).toBe('Appel vocal manqué');
    expect(text('audio', 'missed', null, true)).toBe('Appel vocal · Pas de réponse');
    expect(text('video', 'cancelled', null, true)).toBe('Appel vidéo annulé');
    expect(text('audio', 'declined', null, true)).toBe('Appel vocal refusé');
    expect(text('audio', 'busy', null, true)).toBe('Appel vocal · Occupé');
  });
});
