import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const localesDir = path.join(import.meta.dirname, 'locales');

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keysOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

function leavesOf(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([key, child]) =>
    leavesOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

function namespaces(language: string): string[] {
  return fs.readdirSync(path.join(localesDir, language)).filter((f) => f.endsWith('.json'));
}

describe('translations', () => {
  it('have the same namespaces in English and French', () => {
    expect(namespaces('fr')).toEqual(namespaces('en'));
  });

  for (const file of namespaces('en')) {
    it(`${file}: every key exists in both languages, none empty`, () => {
      const read = (language: string) =>
        JSON.parse(fs.readFileSync(path.join(localesDir, language, file), 'utf8'));
      const en = read('en');
      const fr = read('fr');
      const enKeys = keysOf(en).sort();
      const frKeys = keysOf(fr).sort();
      expect(
        frKeys.filter((k) => !enKeys.includes(k)),
        'only in French',
      ).toEqual([]);
      expect(
        enKeys.filter((k) => !frKeys.includes(k)),
        'only in English',
      ).toEqual([]);
      // Leaves are read where they are, not by splitting the joined key: the messages namespace
      // is flat and its keys (the server's sentences) contain dots.
      const empty = [
        ...leavesOf(en).map(([k, v]) => ['en', k, v] as const),
        ...leavesOf(fr).map(([k, v]) => ['fr', k, v] as const),
      ]
        .filter(([, , value]) => typeof value !== 'string' || value.trim() === '')
        .map(([language, key]) => [language, key]);
      expect(empty, 'empty or non-text values').toEqual([]);
    });
  }
});
