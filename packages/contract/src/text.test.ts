import { describe, expect, it } from 'vitest';
import { titleCase } from './text.ts';

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
