import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The same parity rule as src/i18n/locales.test.ts, for the legal namespace kept beside its pages. */
const localesDir = path.join(import.meta.dirname, 'locales');
const read = (language: string) =>
  JSON.parse(fs.readFileSync(path.join(localesDir, `${language}.json`), 'utf8')) as unknown;

function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([key, child]) =>
    leaves(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe('legal translations', () => {
  it('exist in English and French, and nothing else', () => {
    expect(fs.readdirSync(localesDir).sort()).toEqual(['en.json', 'fr.json']);
  });

  it('have every key in both languages, in the same structure (same sections, same lists)', () => {
    const en = leaves(read('en')).map(([key]) => key);
    const fr = leaves(read('fr')).map(([key]) => key);
    expect(
      fr.filter((key) => !en.includes(key)),
      'only in French',
    ).toEqual([]);
    expect(
      en.filter((key) => !fr.includes(key)),
      'only in English',
    ).toEqual([]);
  });

  it('have no empty or non-text value', () => {
    for (const language of ['en', 'fr']) {
      const bad = leaves(read(language)).filter(
        ([, value]) => typeof value !== 'string' || value.trim() === '',
      );
      expect(bad, language).toEqual([]);
    }
  });

  it('use the same section anchors in both languages', () => {
    const ids = (language: string) =>
      leaves(read(language))
        .filter(([key]) => key.endsWith('.id'))
        .map(([key, value]) => `${key}=${value}`);
    expect(ids('fr')).toEqual(ids('en'));
  });
});
