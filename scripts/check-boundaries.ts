// Proves that `npm run lint` refuses each forbidden import (ADR 034, ADR 061): writes small files
// at the repository's own paths into a scratch folder holding the repository's biome.json and the
// plugins it names, runs Biome there once, and checks that each file gets the refusal it should (its
// rule and its words), and that an allowed import gets none. A scratch folder rather than the tree:
// `npm test` runs this beside tsc, Vitest and the web build, which must never see a probe, and a
// killed run leaves nothing behind. Run: `npm run lint:boundaries`; exits 1 when a forbidden import
// passes or an allowed one is refused.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

type Rule = 'noRestrictedImports' | 'noImportCycles' | 'plugin';
type Probe = {
  what: string;
  /** Files to write, relative to the root; the first is the one whose refusal is expected. */
  files: Record<string, string>;
  /** The refusal expected on the first file: its rule and words of its message; null: none. */
  refused: { rule: Rule; says: string } | null;
};

/** Words of each refusal's message (biome.json and lint/*.grit say them in full). */
const SAYS = {
  moduleFace: 'only through its public face: ../<module>/index.ts',
  moduleApp: 'A module does not import the app',
  core: 'The core (member rules, photo links) imports no feature module',
  infrastructure: 'Infrastructure (lib/, db/) imports no module',
  plugins: 'Plugins sit below the modules',
  appFace: 'The app reaches a module only through its public face',
  feature: 'A feature does not import another feature',
  featureApp: 'A feature does not import the app layer',
  featureRelative: 'Relative imports stay inside the feature',
  shared: 'Shared code (components, hooks, lib, i18n) imports no feature',
  cycle: 'part of a cycle',
};

let probeCount = 0;
type Form = 'value' | 'type' | 'export' | 'dynamic';
/** One file in `dir` importing each specifier, in the given form. */
function importing(dir: string, specifiers: string[], form: Form = 'value', suffix = '.ts') {
  probeCount += 1;
  const line = (specifier: string, i: number) =>
    ({
      value: `import * as p${i} from '${specifier}';\nexport const v${i} = p${i};\n`,
      type: `import type * as p${i} from '${specifier}';\nexport type T${i} = typeof p${i};\n`,
      export: `export * from '${specifier}';\n`,
      dynamic: `export const v${i} = () => import('${specifier}');\n`,
    })[form];
  return { [`${dir}/zz-boundary-probe-${probeCount}${suffix}`]: specifiers.map(line).join('') };
}

/** Two files, `a` and `b`, importing each other: values, or types only. */
function loop(a: string, b: string, form: 'value' | 'type') {
  const specifier = (from: string, to: string) => {
    const relative = path.posix.relative(path.posix.dirname(from), to);
    return relative.startsWith('.') ? relative : `./${relative}`;
  };
  const text = (from: string, to: string, mine: string, theirs: string) =>
    form === 'value'
      ? `import { ${theirs} } from '${specifier(from, to)}';\nexport const ${mine} = () => ${theirs}();\n`
      : `import type { ${theirs} } from '${specifier(from, to)}';\nexport type ${mine} = { next: ${theirs} };\n`;
  const [mineA, mineB] = form === 'value' ? ['a', 'b'] : ['A', 'B'];
  return { [a]: text(a, b, mineA, mineB), [b]: text(b, a, mineB, mineA) };
}

const modules = 'apps/server/src/modules';
const features = 'apps/web/src/features';
const face = { rule: 'plugin', says: SAYS.moduleFace } as const;
const featureRelative = { rule: 'plugin', says: SAYS.featureRelative } as const;
const cycle = { rule: 'noImportCycles', says: SAYS.cycle } as const;

const probes: Probe[] = [
  // A server module and another module's files.
  {
    what: "a module imports another module's repository (likes -> ../chat/chat.repository.ts)",
    files: importing(`${modules}/likes`, ['../chat/chat.repository.ts']),
    refused: face,
  },
  {
    what: 'the same through src/ (likes -> ../../modules/chat/chat.repository.ts)',
    files: importing(`${modules}/likes`, ['../../modules/chat/chat.repository.ts']),
    refused: face,
  },
  {
    what: "a type-only import of another module's file (payments -> ../chat/chat.repository.ts)",
    files: importing(`${modules}/payments`, ['../chat/chat.repository.ts'], 'type'),
    refused: face,
  },
  {
    what: "a re-export of another module's file (likes -> export * from ../chat/chat.service.ts)",
    files: importing(`${modules}/likes`, ['../chat/chat.service.ts'], 'export'),
    refused: face,
  },
  {
    what: "a dynamic import of another module's file (likes -> import('../chat/chat.service.ts'))",
    files: importing(`${modules}/likes`, ['../chat/chat.service.ts'], 'dynamic'),
    refused: face,
  },
  {
    what: "a module's subfolder imports another module's file (realtime/broker -> ../../calls/calls.service.ts)",
    files: importing(`${modules}/realtime/broker`, ['../../calls/calls.service.ts']),
    refused: face,
  },
  {
    what: 'from three folders down (likes/a/b/c -> ../../../../chat/chat.repository.ts)',
    files: importing(`${modules}/likes/a/b/c`, ['../../../../chat/chat.repository.ts']),
    refused: face,
  },
  {
    what: 'from three folders down through src/ (likes/a/b/c -> ../../../../../modules/chat/chat.repository.ts)',
    files: importing(`${modules}/likes/a/b/c`, ['../../../../../modules/chat/chat.repository.ts']),
    refused: face,
  },
  {
    what: 'a module imports the app that composes it (likes -> ../../app.ts)',
    files: importing(`${modules}/likes`, ['../../app.ts']),
    refused: { rule: 'plugin', says: SAYS.moduleApp },
  },
  {
    what: 'allowed: faces, the core and its own files (likes, realtime/broker, likes/a/b/c)',
    files: {
      ...importing(`${modules}/likes`, [
        '../chat/index.ts',
        '../../modules/chat/index.ts',
        '../../core/member-rules.ts',
        '../../lib/clock.ts',
        '../../config.ts',
        './likes.repository.ts',
      ]),
      ...importing(`${modules}/realtime/broker`, ['../../chat/index.ts', '../registry.ts']),
      ...importing(`${modules}/likes/a/b/c`, [
        '../../../../chat/index.ts',
        '../../../likes.service.ts',
        '../../../../../core/member-rules.ts',
      ]),
    },
    refused: null,
  },
  {
    what: "allowed: a test reaches another module's internals (likes/*.test.ts -> ../chat/chat.repository.ts)",
    files: importing(`${modules}/likes`, ['../chat/chat.repository.ts'], 'value', '.test.ts'),
    refused: null,
  },
  // The server's layers.
  {
    what: 'the core imports a feature module (core -> ../modules/chat/index.ts)',
    files: importing('apps/server/src/core', ['../modules/chat/index.ts']),
    refused: { rule: 'noRestrictedImports', says: SAYS.core },
  },
  {
    what: 'the same from a folder of the core (core/a -> ../../modules/chat/index.ts)',
    files: importing('apps/server/src/core/a', ['../../modules/chat/index.ts']),
    refused: { rule: 'noRestrictedImports', says: SAYS.core },
  },
  {
    what: 'infrastructure imports the core (lib -> ../core/member-rules.ts)',
    files: importing('apps/server/src/lib', ['../core/member-rules.ts']),
    refused: { rule: 'noRestrictedImports', says: SAYS.infrastructure },
  },
  {
    what: 'a plugin imports a module (plugins -> ../modules/auth/index.ts)',
    files: importing('apps/server/src/plugins', ['../modules/auth/index.ts']),
    refused: { rule: 'noRestrictedImports', says: SAYS.plugins },
  },
  {
    what: "the app imports a module's file (src -> ./modules/chat/chat.service.ts)",
    files: importing('apps/server/src', ['./modules/chat/chat.service.ts']),
    refused: { rule: 'noRestrictedImports', says: SAYS.appFace },
  },
  // Loops.
  {
    what: 'an import loop between two files of a module',
    files: loop(`${modules}/likes/zz-loop-a.ts`, `${modules}/likes/zz-loop-b.ts`, 'value'),
    refused: cycle,
  },
  {
    what: 'a loop of type-only imports between two files of the core',
    files: loop('apps/server/src/core/zz-loop-a.ts', 'apps/server/src/core/zz-loop-b.ts', 'type'),
    refused: cycle,
  },
  {
    what: 'a loop of type-only imports between two web components',
    files: loop(
      'apps/web/src/components/zz-loop-a.tsx',
      'apps/web/src/components/layouts/zz-loop-b.tsx',
      'type',
    ),
    refused: cycle,
  },
  {
    what: "a loop through two modules' public faces only (likes/index -> chat/index -> likes/index)",
    files: {
      [`${modules}/likes/zz-face-loop.ts`]:
        "import { chatLoop } from '../chat/index.ts';\nexport const likesLoop = () => chatLoop();\n",
      [`${modules}/likes/index.ts`]: "export { likesLoop } from './zz-face-loop.ts';\n",
      [`${modules}/chat/index.ts`]: "export { chatLoop } from './zz-face-loop.ts';\n",
      [`${modules}/chat/zz-face-loop.ts`]:
        "import { likesLoop } from '../likes/index.ts';\nexport const chatLoop = () => likesLoop();\n",
    },
    refused: cycle,
  },
  // The web app's features and shared code.
  {
    what: 'a web feature imports another (likes -> @/features/chat/api/chat-api.ts)',
    files: importing(`${features}/likes/components`, ['@/features/chat/api/chat-api.ts']),
    refused: { rule: 'noRestrictedImports', says: SAYS.feature },
  },
  {
    what: 'a web feature imports its own files through @/features (likes -> @/features/likes/api/likes-api.ts)',
    files: importing(`${features}/likes/components`, ['@/features/likes/api/likes-api.ts']),
    refused: { rule: 'noRestrictedImports', says: SAYS.feature },
  },
  {
    what: 'a web feature imports the app layer (likes -> @/app/router.tsx)',
    files: importing(`${features}/likes/components`, ['@/app/router.tsx']),
    refused: { rule: 'noRestrictedImports', says: SAYS.featureApp },
  },
  {
    what: 'a web feature reaches another by a relative path (likes/components -> ../../chat/api/chat-api.ts)',
    files: importing(`${features}/likes/components`, ['../../chat/api/chat-api.ts']),
    refused: featureRelative,
  },
  {
    what: "a feature's top-level file climbs out (likes -> ../chat/i18n.ts)",
    files: importing(`${features}/likes`, ['../chat/i18n.ts']),
    refused: featureRelative,
  },
  {
    what: 'from two folders down, into the app layer (likes/components/a -> ../../../../app/router.tsx)',
    files: importing(`${features}/likes/components/a`, ['../../../../app/router.tsx']),
    refused: featureRelative,
  },
  {
    what: 'web shared code imports a feature (lib -> @/features/chat/api/chat-api.ts)',
    files: importing('apps/web/src/lib', ['@/features/chat/api/chat-api.ts']),
    refused: { rule: 'noRestrictedImports', says: SAYS.shared },
  },
  {
    what: 'web shared code imports the app layer (components -> @/app/router.tsx)',
    files: importing('apps/web/src/components', ['@/app/router.tsx'], 'value', '.tsx'),
    refused: { rule: 'noRestrictedImports', says: SAYS.shared },
  },
  {
    what: 'allowed: a web feature imports its own files by relative paths, and shared code',
    files: {
      ...importing(`${features}/likes/components`, [
        './liked-you-page.tsx',
        '../api/likes-api.ts',
        '@/lib/cn.ts',
        '@/components/ui/button.tsx',
      ]),
      ...importing(`${features}/likes/components/a`, ['../../api/likes-api.ts', '../../i18n.ts']),
    },
    refused: null,
  },
];

type Diagnostic = {
  category?: string;
  message?: string | { content?: string }[];
  location?: { path?: string | { file?: string } };
};

const scratch = mkdtempSync(path.join(tmpdir(), 'boundary-probes-'));

/** The repository's biome.json and the plugins it names, in the scratch folder. */
function copyConfig(): { path: string; includes?: string[] }[] {
  const config = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8')) as {
    plugins?: (string | { path: string; includes?: string[] })[];
  };
  cpSync(path.join(root, 'biome.json'), path.join(scratch, 'biome.json'));
  const plugins = (config.plugins ?? []).map((p) => (typeof p === 'string' ? { path: p } : p));
  for (const plugin of plugins) {
    mkdirSync(path.dirname(path.join(scratch, plugin.path)), { recursive: true });
    cpSync(path.join(root, plugin.path), path.join(scratch, plugin.path));
  }
  return plugins;
}

function lint(files: string[]): Diagnostic[] {
  let out: string;
  try {
    out = execFileSync(
      path.join(root, 'node_modules/.bin/biome'),
      ['lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', ...files],
      { cwd: scratch, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } catch (error) {
    // Biome exits 1 when it finds errors: that is what is expected here.
    out = (error as { stdout?: string }).stdout ?? '';
  }
  const report = JSON.parse(out.slice(out.indexOf('{'))) as { diagnostics?: Diagnostic[] };
  return report.diagnostics ?? [];
}

const pathOf = (d: Diagnostic) => {
  const p = d.location?.path;
  return typeof p === 'string' ? p : (p?.file ?? '');
};
const messageOf = (d: Diagnostic) =>
  typeof d.message === 'string'
    ? d.message
    : (d.message ?? []).map((part) => part.content ?? '').join('');
const ruleOf = (d: Diagnostic) => d.category?.split('/').at(-1) ?? '';
const BOUNDARY_RULES = new Set<string>(['noRestrictedImports', 'noImportCycles', 'plugin']);

let failed = 0;
try {
  const plugins = copyConfig();
  /** A plugin's diagnostics say no name: the one whose `includes` take the file is it. */
  const pluginOf = (file: string) =>
    plugins.find(({ includes = ['**'] }) => {
      const absolute = path.join(scratch, file);
      const takes = includes.filter((g) => !g.startsWith('!'));
      const leaves = includes.filter((g) => g.startsWith('!')).map((g) => g.slice(1));
      return (
        takes.some((g) => path.matchesGlob(absolute, g)) &&
        !leaves.some((g) => path.matchesGlob(absolute, g))
      );
    })?.path;
  const written = probes.flatMap((probe) => Object.entries(probe.files));
  for (const [file, text] of written) {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    writeFileSync(path.join(scratch, file), text);
  }
  const diagnostics = lint(written.map(([file]) => file)).filter((d) =>
    BOUNDARY_RULES.has(ruleOf(d)),
  );
  for (const probe of probes) {
    const [first = ''] = Object.keys(probe.files);
    const own = probe.refused
      ? diagnostics.filter((d) => pathOf(d) === first)
      : diagnostics.filter((d) => Object.keys(probe.files).includes(pathOf(d)));
    const expected = probe.refused;
    const match = expected
      ? own.find((d) => ruleOf(d) === expected.rule && messageOf(d).includes(expected.says))
      : undefined;
    const ok = expected ? match !== undefined : own.length === 0;
    if (!ok) failed += 1;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${probe.what}`);
    const shown = match ?? own[0];
    if (shown) {
      const rule = ruleOf(shown) === 'plugin' ? `plugin ${pluginOf(pathOf(shown))}` : ruleOf(shown);
      console.log(`       refused by ${rule}: ${messageOf(shown)}`);
    } else console.log('       accepted');
    if (!ok && expected)
      console.log(`       expected a refusal by ${expected.rule} saying "${expected.says}"`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(
  failed
    ? `${failed} boundary check(s) failed`
    : `Every forbidden import was refused (${probes.filter((p) => p.refused).length} probes), every allowed one accepted.`,
);
process.exit(failed ? 1 : 0);
