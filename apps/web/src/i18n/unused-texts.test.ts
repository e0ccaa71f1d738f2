import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.join(import.meta.dirname, '..');

/**
 * The keys no source names whole, by folder: `t` builds them from a value the compiler knows
 * (typed keys, i18next.d.ts) but this reading of the sources does not. A `*` is any part of one
 * key segment, `{a,b}` either word.
 */
const BUILT_KEYS: Record<string, string[]> = {
  // notice-text.ts: a notice's key, then whose it is; media-on-tap.tsx: a medium's key, then Size.
  'features/chat': ['guardian.*{Mine,Theirs}', 'message.load{Photo,Voice}Size'],
  // legal-page.tsx: the document's texts, `terms` or `privacy`.
  'features/legal': ['{terms,privacy}.{title,lead,updatedOn,sections}'],
  // action-form.tsx: the question before an action, or its outcome after.
  'features/moderation': ['{confirm,done}.*'],
  // safety-dialogs.tsx: the dialog of each action.
  'features/safety': ['{block,report,unmatch}.{title,description,failed,confirm}'],
};

function sourcesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function leavesOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    leavesOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What the sources of a scope name: their strings, and their templates as patterns. */
function namesIn(files: string[], built: string[]) {
  const strings = new Set<string>();
  const patterns: RegExp[] = built.map(
    (glob) =>
      new RegExp(
        `^${literally(glob)
          .replace(/\\\*/g, '[^.]*')
          .replace(
            /\\\{([^}]*)\\\}/g,
            (_, words: string) => `(?:${words.split(',').join('|')})`,
          )}$`,
      ),
  );
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const [, single, double] of text.matchAll(
      /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"/g,
    )) {
      const quoted = single ?? double;
      if (quoted) strings.add(quoted.replace(/^[\w-]+:/, ''));
    }
    for (const [, template = ''] of text.matchAll(/`([^`]*)`/g)) {
      const parts = template.replace(/^[\w-]+:/, '').split(/\$\{[^}]*\}/);
      // A template that starts with a value names no key this reading can tell: BUILT_KEYS.
      if (parts.length < 2 || parts[0] === '') continue;
      const pattern = parts.map(literally).join('.+?');
      patterns.push(new RegExp(`^${pattern}$`));
    }
  }
  return { strings, patterns };
}

/** The key, and what `t` was asked for when it found it: without a plural or context suffix. */
function askedAs(key: string): string[] {
  const asked = [key];
  while (/_[^._]+$/.test(asked.at(-1) ?? ''))
    asked.push((asked.at(-1) ?? '').replace(/_[^._]+$/, ''));
  return asked;
}

/** A text is used when a source names it, a family it belongs to, or an object holding it. */
function unusedKeys(localeFiles: string[], scope: string[], built: string[]) {
  const { strings, patterns } = namesIn(scope, built);
  const keys = localeFiles.flatMap((file) => leavesOf(JSON.parse(fs.readFileSync(file, 'utf8'))));
  return keys.filter(
    (key) =>
      !askedAs(key).some((asked) => {
        const segments = asked.split('.');
        const holders = segments.map((_, i) => segments.slice(0, i + 1).join('.'));
        return (
          holders.some((holder) => strings.has(holder)) ||
          patterns.some((pattern) => pattern.test(asked))
        );
      }),
  );
}

describe('every text', () => {
  const everywhere = sourcesUnder(src);
  const app = sourcesUnder(path.join(src, 'app'));

  it('of the common and auth namespaces is named by some source', () => {
    const bundled = path.join(src, 'i18n/locales/en');
    // common.json, the parts of the common namespace only features show, and auth.json.
    const files = fs
      .readdirSync(bundled)
      .filter((file) => /^(common|auth)/.test(file))
      .map((file) => path.join(bundled, file));

    expect(unusedKeys(files, everywhere, [])).toEqual([]);
  });

  const features = fs
    .readdirSync(path.join(src, 'features'))
    .filter((feature) => fs.existsSync(path.join(src, 'features', feature, 'locales/en.json')));
  for (const feature of features) {
    it(`of features/${feature} is named by the feature or the app that composes it`, () => {
      const folder = `features/${feature}`;
      const scope = [...sourcesUnder(path.join(src, folder)), ...app];
      const english = path.join(src, folder, 'locales/en.json');
      expect(unusedKeys([english], scope, BUILT_KEYS[folder] ?? [])).toEqual([]);
    });
  }
});
