import { describe, expect, it } from 'vitest';
import { createTestI18n, type TestLanguage } from '@/test/render.tsx';
import { addChatTexts, CHAT_NAMESPACE } from '../i18n.ts';
import { noticeText, waliContactText } from './notice-text.ts';

async function tIn(language: TestLanguage) {
  const i18n = await createTestI18n(language);
  addChatTexts(i18n);
  return i18n.getFixedT(language, CHAT_NAMESPACE);
}

describe('the notice lines of a conversation (ADR 045)', () => {
  it('tell the other member whose guardian follows, in their language', async () => {
    const en = await tIn('en');
    expect(noticeText(en, 'guardian-follows', false, 'Aminata')).toBe(
      'Aminata’s guardian follows this conversation',
    );
    expect(noticeText(en, 'guardian-follows', true, 'Youssef')).toBe(
      'Your guardian follows this conversation',
    );
    const fr = await tIn('fr');
    expect(noticeText(fr, 'guardian-follows', false, 'Aminata')).toBe(
      "Le tuteur (wali) d'Aminata suit cette conversation",
    );
    expect(noticeText(fr, 'wali-asked', false, 'Youssef')).toBe(
      'Youssef demande le contact de votre wali',
    );
  });

  it('tell the other member when no guardian follows any more', async () => {
    const en = await tIn('en');
    expect(noticeText(en, 'guardian-stopped', false, 'Aminata')).toBe(
      'Aminata’s guardian no longer follows this conversation',
    );
    const fr = await tIn('fr');
    expect(noticeText(fr, 'guardian-stopped', false, 'Ousmane')).toBe(
      "Le tuteur (wali) d'Ousmane ne suit plus cette conversation",
    );
    expect(noticeText(fr, 'guardian-stopped', true, 'Ousmane')).toBe(
      'Votre tuteur (wali) ne suit plus cette conversation',
    );
  });

  it('word a wali’s contact shared with its relation', async () => {
    const fr = await tIn('fr');
    expect(
      waliContactText(fr, {
        name: 'Mamadou Diallo',
        relation: 'father',
        phone: '+221 77 123 45 67',
      }),
    ).toBe('Mamadou Diallo (père) · +221 77 123 45 67');
    const en = await tIn('en');
    expect(waliContactText(en, { name: 'Imam Sall', relation: 'imam', phone: null })).toBe(
      'Imam Sall (imam)',
    );
  });

  it('say a shared contact within the sentence, punctuated as each language does', async () => {
    const wali = { name: 'mamadou diallo', relation: 'father', phone: null };
    const fr = await tIn('fr');
    expect(noticeText(fr, 'wali-shared', true, 'Aïcha', wali)).toBe(
      'Vous avez partagé le contact de votre wali : Mamadou Diallo (père)',
    );
    expect(noticeText(fr, 'wali-shared', false, 'Aïcha', wali)).toBe(
      'Aïcha a partagé le contact de son wali : Mamadou Diallo (père)',
    );
    const en = await tIn('en');
    expect(noticeText(en, 'wali-shared', false, 'Aïcha', wali)).toBe(
      'Aïcha shared their wali’s contact: Mamadou Diallo (father)',
    );
    // The conversation list's preview names no contact.
    expect(noticeText(en, 'wali-shared', true, 'Aïcha')).toBe('You shared your wali’s contact');
  });
});
