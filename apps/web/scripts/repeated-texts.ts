/**
 * Lists the texts written in more than one namespace: the same key (its last part: `close` in
 * `delete.close`) with the same English and the same French. Each is a candidate for the common
 * namespace (i18n/locales/<language>/common*.json), unless the two only happen to read alike.
 * Usage: node apps/web/scripts/repeated-texts.ts
 */
import fs from 'node:fs';
import path from 'node:path';

const src = path.resolve(import.meta.dirname, '../src');

/** Each namespace's files, English and French: the bundled ones, then each feature's. */
function localeFiles(): Array<{ name: string; en: string; fr: string }> {
  const bundled = path.join(src, 'i18n/locales');
  const files = fs
    .readdirSync(path.join(bundled, 'en'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => ({
      name: file.replace(/\.json$/, ''),
      en: path.join(bundled, 'en', file),
      fr: path.join(bundled, 'fr', file),
    }));
  for (const feature of fs.readdirSync(path.join(src, 'features'))) {
    const dir = path.join(src, 'features', feature, 'locales');
    if (!fs.existsSync(path.join(dir, 'en.json'))) continue;
    files.push({ name: feature, en: path.join(dir, 'en.json'), fr: path.join(dir, 'fr.json') });
  }
  return files;
}

/** Every text of a locale file by its dotted key. */
function textsOf(file: string) {
  const texts = new Map<string, string>();
  const walk = (node: unknown, key: string) => {
    if (typeof node === 'string') texts.set(key, node);
    else if (node && typeof node === 'object')
      for (const [child, next] of Object.entries(node)) walk(next, key ? `${key}.${child}` : child);
  };
  walk(JSON.parse(fs.readFileSync(file, 'utf8')), '');
  return texts;
}

const seen = new Map<string, string[]>();
for (const { name, en, fr } of localeFiles()) {
  const french = textsOf(fr);
  for (const [key, english] of textsOf(en)) {
    const pair = JSON.stringify([key.split('.').at(-1), english, french.get(key)]);
    seen.set(pair, [...(seen.get(pair) ?? []), `${name}:${key}`]);
  }
}
const repeated = [...seen].filter(
  ([, places]) => new Set(places.map((place) => place.split(':')[0])).size > 1,
);
for (const [pair, places] of repeated) {
  const [key, english, french] = JSON.parse(pair) as string[];
  console.log(`${key}: "${english}" / "${french}"\n  ${places.join(', ')}`);
}
console.log(`${repeated.length} texts repeated across namespaces`);
