import fs from 'node:fs';
import path from 'node:path';
import { ERROR_TEXTS } from '@mawadda/contract/error-codes';
import { describe, expect, it } from 'vitest';

const src = path.join(import.meta.dirname, '..');
/** `{{name}}`, or `{{name, format}}`: the name and its format must match across languages. */
const PLACEHOLDER = /\{\{(\w+(?:\s*,[^}]*)?)\}\}/g;
/** French's elision of "de" and "que" before a name (i18n/elision.ts) is its grammar only. */
const ELISION = /,(?:de|que)$/;

/**
 * Every translation file of the app, as English/French pairs: the bundled namespaces in
 * `i18n/locales/{en,fr}/<ns>.json` and each feature's own `features/<f>/locales/{en,fr}.json`.
 */
function translationPairs(): Array<{ name: string; en: string; fr: string }> {
  const shared = path.join(src, 'i18n/locales');
  const pairs = fs
    .readdirSync(path.join(shared, 'en'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ name: f, en: path.join(shared, 'en', f), fr: path.join(shared, 'fr', f) }));
  for (const feature of fs.readdirSync(path.join(src, 'features'))) {
    const dir = path.join(src, 'features', feature, 'locales');
    if (fs.existsSync(path.join(dir, 'en.json')) || fs.existsSync(path.join(dir, 'fr.json'))) {
      pairs.push({
        name: `features/${feature}`,
        en: path.join(dir, 'en.json'),
        fr: path.join(dir, 'fr.json'),
      });
    }
  }
  return pairs;
}

function leavesOf(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([key, child]) =>
    leavesOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe('translations', () => {
  it('come in pairs: every English file has its French one', () => {
    const shared = path.join(src, 'i18n/locales');
    // The errors namespace's English is the contract's catalogue itself (i18n.ts).
    expect(fs.readdirSync(path.join(shared, 'fr')).sort()).toEqual(
      [...fs.readdirSync(path.join(shared, 'en')), 'errors.json'].sort(),
    );
    for (const pair of translationPairs()) {
      expect(fs.existsSync(pair.en) && fs.existsSync(pair.fr), pair.name).toBe(true);
    }
  });

  it('errors: every code the server may answer has French text with the same placeholders', () => {
    const fr: Record<string, string> = JSON.parse(
      fs.readFileSync(path.join(src, 'i18n/locales/fr/errors.json'), 'utf8'),
    );
    const placeholders = (text: string) =>
      [...text.matchAll(PLACEHOLDER)].map((m) => m[1]?.replace(/\s/g, '')).sort();
    for (const [code, english] of Object.entries(ERROR_TEXTS)) {
      expect(fr[code], `no French text for ${code}`).toBeTypeOf('string');
      expect(fr[code]?.trim(), code).not.toBe('');
      expect(placeholders(fr[code] ?? ''), code).toEqual(placeholders(english));
    }
    expect(
      Object.keys(fr).filter((code) => !(code in ERROR_TEXTS)),
      'unknown codes',
    ).toEqual([]);
  });

  for (const pair of translationPairs()) {
    it(`${pair.name}: every key exists in both languages, none empty`, () => {
      // Leaves are read where they are, not by splitting a joined key.
      const read = (file: string) => leavesOf(JSON.parse(fs.readFileSync(file, 'utf8')));
      const en = read(pair.en);
      const fr = read(pair.fr);
      const enKeys = en.map(([k]) => k);
      const frKeys = fr.map(([k]) => k);
      expect(
        frKeys.filter((k) => !enKeys.includes(k)),
        'only in French',
      ).toEqual([]);
      expect(
        enKeys.filter((k) => !frKeys.includes(k)),
        'only in English',
      ).toEqual([]);
      const empty = [...en.map((l) => ['en', ...l]), ...fr.map((l) => ['fr', ...l])]
        .filter(([, , value]) => typeof value !== 'string' || value.trim() === '')
        .map(([language, key]) => `${language}: ${key}`);
      expect(empty, 'empty or non-text values').toEqual([]);
      // A placeholder renamed or dropped in one language shows a raw `{{name}}` or loses a value.
      const placeholders = (leaves: [string, unknown][]) =>
        Object.fromEntries(
          leaves.map(([key, value]) => [
            key,
            [...String(value).matchAll(PLACEHOLDER)]
              .map((m) => m[1]?.replace(/\s/g, '').replace(ELISION, ''))
              .sort(),
          ]),
        );
      expect(placeholders(fr), 'placeholders').toEqual(placeholders(en));
    });
  }

  const BEFORE_A_NAME = /(?:^|[^\p{L}])(?:de|que) \{\{(?!(?:count|min|max|cap)\b)/iu;
  it('French: "de" and "que" before a name always go through the elision ("d\'Aïcha")', () => {
    const unelided = translationPairs().flatMap((pair) =>
      leavesOf(JSON.parse(fs.readFileSync(pair.fr, 'utf8')))
        // Numbers ("de {{count}} km") need none.
        .filter(([, value]) => BEFORE_A_NAME.test(String(value)))
        .map(([key]) => `${pair.name}: ${key}`),
    );
    expect(unelided).toEqual([]);
  });

  it('say "prefer not to say" in one wording for the skin tone, in the wizard and on /mon-profil', () => {
    // Both forms read the common namespace's word (register's wizard-steps, profile's about-section).
    for (const [language, wording] of [
      ['en', 'Prefer not to say'],
      ['fr', 'Je préfère ne pas le dire'],
    ]) {
      const common = JSON.parse(
        fs.readFileSync(path.join(src, 'i18n/locales', `${language}/common-member.json`), 'utf8'),
      );
      expect(common.member.skinTone.none, language).toBe(wording);
    }
  });
});
