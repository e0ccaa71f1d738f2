// Prints the server's module graph from the code: for each unit (a layer, or a feature module
// under apps/server/src/modules), the other units its files import (type-only imports included),
// then whether the graph has a cycle. Test files are left out. Run: `node scripts/module-graph.ts`
// (exits 1 on a cycle). docs/architecture.md shows its output.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const src = path.resolve(import.meta.dirname, '../apps/server/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The unit a file belongs to: `modules/<name>`, a layer folder, or the file at the top. */
function unitOf(file: string): string {
  const [first = '', second = ''] = path.relative(src, file).split(path.sep);
  if (first === 'modules') return `modules/${second}`;
  if (first.endsWith('.ts')) return first === 'config.ts' ? 'config' : 'app';
  return first;
}

const LAYERS = ['app', 'modules', 'plugins', 'core', 'lib', 'db', 'config'];
const rank = (unit: string) => LAYERS.indexOf(unit.split('/')[0] ?? unit);

const edges = new Map<string, Set<string>>();
for (const file of sourceFiles(src)) {
  const from = unitOf(file);
  const targets = edges.get(from) ?? new Set<string>();
  edges.set(from, targets);
  const text = readFileSync(file, 'utf8');
  for (const [, specifier = ''] of text.matchAll(/(?:from\s+|import\s*\(\s*)'(\.[^']+)'/g)) {
    const to = unitOf(path.resolve(path.dirname(file), specifier));
    if (to !== from) targets.add(to);
  }
}

const units = [...edges.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
const width = Math.max(...units.map((u) => u.length));
for (const unit of units) {
  const targets = [...(edges.get(unit) ?? [])].sort(
    (a, b) => rank(a) - rank(b) || a.localeCompare(b),
  );
  console.log(`${unit.padEnd(width)} -> ${targets.join(', ') || '(nothing)'}`);
}

/** A cycle among the units, by depth-first search, or undefined. */
function findCycle(): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (unit: string): string[] | undefined => {
    if (state.get(unit) === 'done') return undefined;
    if (state.get(unit) === 'open') return [...stack.slice(stack.indexOf(unit)), unit];
    state.set(unit, 'open');
    stack.push(unit);
    for (const next of edges.get(unit) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(unit, 'done');
    return undefined;
  };
  for (const unit of units) {
    const cycle = visit(unit);
    if (cycle) return cycle;
  }
  return undefined;
}

const cycle = findCycle();
console.log(cycle ? `\nCycle: ${cycle.join(' -> ')}` : '\nNo cycle: the units form a DAG.');
process.exit(cycle ? 1 : 0);
