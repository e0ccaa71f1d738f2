import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layers of bulletproof-react: shared code (components, hooks, lib, i18n) -> features -> app.
 * A feature never imports another feature, and shared code never imports a feature; what two
 * features need goes down into shared code.
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
});
