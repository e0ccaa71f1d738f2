// Prints the server's module graph from the code: for each unit (a layer, or a feature module
// under apps/server/src/modules), the other units its files import (type-only imports included),
// then whether the graph has a cycle. Then the plugins in the order app.ts registers them, each
// with the plugins it declares it needs (`dependencies` of its fastify-plugin, ADR 062), and
// whether each of those is registered before it and the declared graph has no cycle. Test files
// are left out. Run: `node scripts/module-graph.ts` (exits 1 on a cycle or a plugin registered
// before one it needs). docs/architecture.md shows its output.
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
  if (first.endsWith('.ts')) return first.startsWith('config') ? 'config' : 'app';
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

/** A cycle in a graph, by depth-first search, or undefined. */
function findCycle(edges: Map<string, Set<string>>): string[] | undefined {
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
  for (const unit of edges.keys()) {
    const cycle = visit(unit);
    if (cycle) return cycle;
  }
  return undefined;
}

const cycle = findCycle(edges);
console.log(cycle ? `\nCycle: ${cycle.join(' -> ')}` : '\nNo cycle: the units form a DAG.');

/** A fastify-plugin: its name, what it declares it needs, the plugins its body registers. */
type Plugin = { name: string; dependencies: string[]; registers: string[] };

/** Every `export const x = fp(..., { name, dependencies })` of the server, by variable. */
const plugins = new Map<string, Plugin>();
for (const file of sourceFiles(src)) {
  const text = readFileSync(file, 'utf8');
  for (const [, variable = '', body = ''] of text.matchAll(
    /export const (\w+) = fp\(([\s\S]*?)\n\);/g,
  )) {
    // The options come last: a `name:` in the body (a background part's) comes before them.
    const options = [...body.matchAll(/name: '([^']+)'(?:,\s*dependencies: \[([^\]]*)\])?/g)].at(
      -1,
    );
    if (!options) continue;
    plugins.set(variable, {
      name: options[1] ?? variable,
      dependencies: [...(options[2] ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1] ?? ''),
      registers: [...body.matchAll(/\.register\((\w+)/g)].map((m) => m[1] ?? ''),
    });
  }
}

const order = [...readFileSync(path.join(src, 'app.ts'), 'utf8').matchAll(/app\.register\((\w+)/g)]
  .map((m) => plugins.get(m[1] ?? ''))
  .filter((plugin) => plugin !== undefined);
console.log('\nPlugins in the order app.ts registers them, with what each declares it needs:');
const registered = new Set<string>();
const declared = new Map<string, Set<string>>();
const misplaced: string[] = [];
for (const [index, plugin] of order.entries()) {
  const missing = plugin.dependencies.filter((name) => !registered.has(name));
  for (const name of missing) misplaced.push(`${plugin.name} is registered before ${name}`);
  declared.set(plugin.name, new Set(plugin.dependencies));
  registered.add(plugin.name);
  // A plugin registered inside another (auth's `authentication`) is there from then on.
  for (const inner of plugin.registers) {
    const name = plugins.get(inner)?.name;
    if (name) registered.add(name);
  }
  const needs = plugin.dependencies.join(', ') || '(nothing)';
  console.log(`${String(index + 1).padStart(2)}. ${plugin.name.padEnd(16)} <- ${needs}`);
}
const declaredCycle = findCycle(declared);
for (const line of misplaced) console.log(`Out of order: ${line}`);
if (declaredCycle) console.log(`Cycle among the plugins: ${declaredCycle.join(' -> ')}`);
if (!declaredCycle && misplaced.length === 0) {
  console.log('Each plugin is registered after what it needs; the declared graph has no cycle.');
}
process.exit(cycle || declaredCycle || misplaced.length > 0 ? 1 : 0);
