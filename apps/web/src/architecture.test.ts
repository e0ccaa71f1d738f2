import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layers of bulletproof-react: shared code (components, hooks, lib, i18n) -> features -> app.
 * A feature never imports another feature, and shared code never imports a feature; what two
 * features need goes down into shared code.
 *
 * `npm run lint` enforces the same rules (biome.json: `noRestrictedImports` per feature folder and
 * for shared code; `scripts/check-boundaries.ts` proves they reject a crossing). This test stays
 * as the generic net: Biome's rules name each feature, so a new feature folder needs its entry in
 * biome.json, which the last test asks for.
 */
const root = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Every relative or `@/` import of a file, resolved to a path under src/. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*)'([^']+)'/g)].map((m) => m[1]);
  return specifiers.flatMap((specifier) => {
    if (specifier?.startsWith('@/')) return [path.join(root, specifier.slice(2))];
    if (specifier?.startsWith('.')) return [path.resolve(path.dirname(file), specifier)];
    return [];
  });
}

const featureOf = (file: string) => {
  const relative = path.relative(root, file).split(path.sep);
  return relative[0] === 'features' ? relative[1] : undefined;
};

describe('web architecture', () => {
  const files = sourceFiles(root).filter((f) => !/\.test\.tsx?$/.test(f));

  it('has features that do not import each other', () => {
    const crossings = files.flatMap((file) => {
      const own = featureOf(file);
      if (!own) return [];
      return importsOf(file)
        .filter((target) => featureOf(target) && featureOf(target) !== own)
        .map((target) => `${path.relative(root, file)} -> ${path.relative(root, target)}`);
    });
    expect(crossings).toEqual([]);
  });

  it('has shared code that imports no feature', () => {
    const shared = files.filter((f) =>
      /^(components|hooks|lib|i18n)\//.test(path.relative(root, f)),
    );
    expect(shared.length).toBeGreaterThan(20);
    const crossings = shared.flatMap((file) =>
      importsOf(file)
        .filter((target) => featureOf(target))
        .map((target) => `${path.relative(root, file)} -> ${path.relative(root, target)}`),
    );
    expect(crossings).toEqual([]);
  });

  it('has a Biome boundary rule for every feature folder', () => {
    const biome = JSON.parse(fs.readFileSync(path.join(root, '../../../biome.json'), 'utf8')) as {
      overrides?: Array<{ includes?: string[] }>;
    };
    const covered = new Set(
      (biome.overrides ?? []).flatMap((o) =>
        (o.includes ?? []).flatMap((glob) => {
          const m = /^apps\/web\/src\/features\/([a-z0-9-]+)\/\*\*$/.exec(glob);
          return m ? [m[1]] : [];
        }),
      ),
    );
    const features = fs
      .readdirSync(path.join(root, 'features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(features.filter((feature) => !covered.has(feature))).toEqual([]);
  });
});
