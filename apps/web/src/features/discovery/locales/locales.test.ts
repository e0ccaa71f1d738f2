import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The same parity rule as src/i18n/locales.test.ts, for the discovery namespace. */
const localesDir = import.meta.dirname;
const read = (language: string) =>
  JSON.parse(fs.readFileSync(path.join(localesDir, `${language}.json`), 'utf8')) as unknown;

function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([key, child]) =>
    leaves(child, prefix ? `${prefix}.${key}` : key),
  );
}

/** A plural pair counts as one key: `photos_one` and `photos_other` are `photos`. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

describe('discovery translations', () => {
  it('exist in English and French, and nothing else', () => {
    const files = fs.readdirSync(localesDir).filter((file) => file.endsWith('.json'));
    expect(files.sort()).toEqual(['en.json', 'fr.json']);
  });

  it('have every key in both languages', () => {
    const en = leaves(read('en')).map(([key]) => base(key));
    const fr = leaves(read('fr')).map(([key]) => base(key));
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

  it('use the same placeholders in both languages', () => {
    const placeholders = (language: string) =>
      Object.fromEntries(
        leaves(read(language)).map(([key, value]) => [
          base(key),
          [...String(value).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort(),
        ]),
      );
    const en = placeholders('en');
    const fr = placeholders('fr');
    for (const key of Object.keys(en)) expect(fr[key], key).toEqual(en[key]);
  });

  it('label every value of the contract value sets', async () => {
    const { GENDERS, HAS_CHILDREN_VALUES, MARITAL_STATUSES, SKIN_TONES } = await import(
      '@mawadda/contract'
    );
    for (const language of ['en', 'fr']) {
      const values = (read(language) as { values: Record<string, Record<string, string>> }).values;
      for (const gender of GENDERS) expect(values.gender?.[gender], gender).toBeTruthy();
      for (const status of MARITAL_STATUSES) expect(values.maritalStatus?.[status]).toBeTruthy();
      for (const answer of HAS_CHILDREN_VALUES) expect(values.hasChildren?.[answer]).toBeTruthy();
      for (const tone of SKIN_TONES) expect(values.skinTone?.[tone], tone).toBeTruthy();
    }
  });
});
