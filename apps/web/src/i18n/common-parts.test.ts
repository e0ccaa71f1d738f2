import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.join(import.meta.dirname, '..');
const i18nDir = import.meta.dirname;

const topLevelKeys = (language: string, file: string) =>
  Object.keys(JSON.parse(fs.readFileSync(path.join(i18nDir, 'locales', language, file), 'utf8')));

/** Each common part's module (i18n/*-texts.ts reading a common-*.json) and its top-level keys. */
const parts = fs
  .readdirSync(i18nDir)
  .filter((file) => file.endsWith('-texts.ts'))
  .flatMap((module) => {
    const text = fs.readFileSync(path.join(i18nDir, module), 'utf8');
    const json = /locales\/en\/(common-[\w-]+\.json)/.exec(text)?.[1];
    return json
      ? [{ module: module.replace(/\.ts$/, ''), json, keys: topLevelKeys('en', json) }]
      : [];
  });

/** The sources of a feature, its tests aside. */
function sourcesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesOf(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the common namespace’s parts only features show', () => {
  it('each have top-level keys of their own', () => {
    // The backend's bundle of a language's common texts replaces the top-level keys it holds,
    // and feature-texts.ts joins the parts after it.
    expect(parts.length).toBeGreaterThan(0);
    for (const language of ['en', 'fr']) {
      const seen = topLevelKeys(language, 'common.json');
      for (const part of parts) {
        const keys = topLevelKeys(language, part.json);
        expect(
          keys.filter((key) => seen.includes(key)),
          `${language}: ${part.json}`,
        ).toEqual([]);
        seen.push(...keys);
      }
    }
  });

  const features = fs.readdirSync(path.join(src, 'features'));
  it.each(features)('are brought by %s wherever its texts name one', (feature) => {
    const dir = path.join(src, 'features', feature);
    const files = sourcesOf(dir);
    const named = new Set(
      files.flatMap((file) =>
        [...fs.readFileSync(file, 'utf8').matchAll(/['`]common:([\w-]+)\./g)].map((m) => m[1]),
      ),
    );
    const brought = new Set(
      files.flatMap((file) =>
        [...fs.readFileSync(file, 'utf8').matchAll(/@\/i18n\/([\w-]+-texts)\.ts'/g)].map(
          (m) => m[1],
        ),
      ),
    );
    const missing = parts
      .filter((part) => part.keys.some((key) => named.has(key)) && !brought.has(part.module))
      .map((part) => part.module);
    expect(missing).toEqual([]);
  });
});
