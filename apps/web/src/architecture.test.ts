import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layers of bulletproof-react: shared code (components, hooks, lib, i18n) -> features -> app.
 * A feature never imports another feature, and shared code never imports a feature; what two
 * features need goes down into shared code.
 *
 * `npm run lint` enforces the same rules (biome.json: `noRestrictedImports` for every feature
 * folder and for shared code, and the plugin lint/web-feature-folders.grit for relative paths out
 * of a feature; `scripts/check-boundaries.ts` proves they refuse a crossing, ADR 061). This test
 * stays as the generic net: it resolves every import, whatever its spelling.
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

  it('has features that import nothing from the app layer', () => {
    const crossings = files.flatMap((file) => {
      if (!featureOf(file)) return [];
      return importsOf(file)
        .filter((target) => path.relative(root, target).split(path.sep)[0] === 'app')
        .map((target) => `${path.relative(root, file)} -> ${path.relative(root, target)}`);
    });
    expect(crossings).toEqual([]);
  });

  it('has its Biome boundary rule and plugin take every feature folder, at any depth', () => {
    type Includes = { includes?: string[] };
    const biome = JSON.parse(fs.readFileSync(path.join(root, '../../../biome.json'), 'utf8')) as {
      plugins?: (string | (Includes & { path: string }))[];
      overrides?: (Includes & {
        linter?: { rules?: { style?: { noRestrictedImports?: unknown } } };
      })[];
    };
    const takes = ({ includes = ['**'] }: Includes, file: string) =>
      includes.some((g) => !g.startsWith('!') && path.matchesGlob(file, g)) &&
      !includes.some((g) => g.startsWith('!') && path.matchesGlob(file, g.slice(1)));
    const rules = (biome.overrides ?? []).filter(
      (o) => o.linter?.rules?.style?.noRestrictedImports,
    );
    const folders = (biome.plugins ?? []).filter(
      (p) => typeof p !== 'string' && p.path.endsWith('web-feature-folders.grit'),
    );
    expect(folders).toHaveLength(1);
    const uncovered = fs
      .readdirSync(path.join(root, 'features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) =>
        ['page.tsx', 'components/a/b.ts'].map((f) => `apps/web/src/features/${entry.name}/${f}`),
      )
      .filter(
        (file) =>
          !rules.some((o) => takes(o, file)) ||
          !folders.some((p) => typeof p !== 'string' && takes(p, file)),
      );
    expect(uncovered).toEqual([]);
  });
});
