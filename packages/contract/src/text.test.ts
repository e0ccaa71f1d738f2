import { describe, expect, it } from 'vitest';
import { startsWithVowelSound, titleCase } from './text.ts';

describe('titleCase', () => {
  it('capitalises each word and lowers the rest, accents kept', () => {
    expect(titleCase('aïcha DIALLO')).toBe('Aïcha Diallo');
    expect(titleCase('ÉLODIE ÉMERY')).toBe('Élodie Émery');
    expect(titleCase('oumar')).toBe('Oumar');
  });

  it('capitalises after hyphens and apostrophes', () => {
    expect(titleCase('jean-marc KOUASSI')).toBe('Jean-Marc Kouassi');
    expect(titleCase("fatou n'diaye")).toBe("Fatou N'Diaye");
    expect(titleCase('awa n’DOUR')).toBe('Awa N’Dour');
  });

  it('gives one display name whatever case the member typed: every word capitalised, particles too', () => {
    expect(titleCase('KARIM el amrani')).toBe('Karim El Amrani');
    expect(titleCase('samira benali')).toBe('Samira Benali');
    expect(titleCase('fatou ben salah DE la cruz')).toBe('Fatou Ben Salah De La Cruz');
    // Already displayed: the same again.
    expect(titleCase(titleCase('KARIM el amrani'))).toBe('Karim El Amrani');
  });

  it('trims and collapses spaces, and leaves an empty name empty', () => {
    expect(titleCase('  mariam    ba ')).toBe('Mariam Ba');
    expect(titleCase('')).toBe('');
  });

  it('does not invent capitals inside a word', () => {
    expect(titleCase('McDONALD')).toBe('Mcdonald');
    expect(titleCase('ibn-al-AMIN 2')).toBe('Ibn-Al-Amin 2');
  });
});

describe('startsWithVowelSound', () => {
  it('is true of a name French elides before: a vowel, accented or not, in any case', () => {
    for (const name of ['Aïcha', 'aminata', 'Élodie', 'Ousmane', 'ibrahima', '  Umar']) {
      expect(startsWithVowelSound(name), name).toBe(true);
    }
  });

  it('is true of a y sounded as a vowel, and of the mute h of French names only', () => {
    expect(startsWithVowelSound('Yves')).toBe(true);
    expect(startsWithVowelSound('Yacine')).toBe(false);
    expect(startsWithVowelSound('Yéro')).toBe(false);
    expect(startsWithVowelSound('Hélène Ba')).toBe(true);
    expect(startsWithVowelSound('HUGO')).toBe(true);
    expect(startsWithVowelSound('Hawa')).toBe(false);
    expect(startsWithVowelSound('Habib')).toBe(false);
  });

  it('is false of a consonant and of an empty name', () => {
    expect(startsWithVowelSound('Mamadou')).toBe(false);
    expect(startsWithVowelSound('')).toBe(false);
  });
});
