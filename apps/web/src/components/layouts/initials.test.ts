import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.ts';

describe('initialsOf', () => {
  it('takes the first letters of the first and last names, upper-cased', () => {
    expect(initialsOf('amina diallo')).toBe('AD');
    expect(initialsOf('Ibn Omar al-Khattab')).toBe('IA');
    expect(initialsOf('  Fatou  ')).toBe('F');
  });

  it('keeps accented and non-Latin letters whole', () => {
    expect(initialsOf('élise ndiaye')).toBe('ÉN');
    expect(initialsOf('عائشة بنت')).toBe('عب');
  });

  it('gives nothing for a missing name', () => {
    expect(initialsOf('')).toBe('');
    expect(initialsOf(null)).toBe('');
    expect(initialsOf(undefined)).toBe('');
  });
});
