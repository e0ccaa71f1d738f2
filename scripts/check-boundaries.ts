// Proves that `npm run lint` rejects a bad import: writes small offending files into the tree
// (a module reaching another module's internals, the core importing a module, a web feature
// importing another, an import cycle...), runs Biome on them with the repository's biome.json,
// checks each gets the diagnostic it should (and that an allowed import gets none), then removes
// them (and the lines added to existing index.ts files). Run: `node scripts/check-boundaries.ts` (or `npm run lint:boundaries`); exits 1 when a rule
// let a bad import through.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const PROBE = 'zz-boundary-probe';

type Probe = {
  what: string;
  /** Files to write, relative to the root; the first is the one whose diagnostic is expected. */
  files: Record<string, string>;
  /** Lines added for the run to existing files (a module's index.ts), removed after. */
  append?: Record<string, string>;
  /** The rule expected on the first file, or null when it must pass. */
  rule: 'noRestrictedImports' | 'noImportCycles' | null;
};

const probes: Probe[] = [
  {
    what: "a feature module imports another module's internals (likes -> chat.repository)",
    files: {
      [`apps/server/src/modules/likes/${PROBE}.ts`]:
        "import { insertMessages } from '../chat/chat.repository.ts';\nexport const probe = insertMessages;\n",
    },
    rule: 'noRestrictedImports',
  },
  {
    what: "a type-only import of another module's internals (payments -> chat.repository)",
    files: {
      [`apps/server/src/modules/payments/${PROBE}.ts`]:
        "import type { MessageRow } from '../chat/chat.repository.ts';\nexport type Probe = MessageRow;\n",
    },
    rule: 'noRestrictedImports',
  },
  {
    what: "a broker part imports another module's internals (realtime/broker -> calls.service)",
    files: {
      [`apps/server/src/modules/realtime/broker/${PROBE}.ts`]:
        "import { callSignalHandler } from '../../calls/calls.service.ts';\nexport const probe = callSignalHandler;\n",
    },
    rule: 'noRestrictedImports',
  },
  {
    what: 'the core imports a feature module (core -> chat)',
    files: {
      [`apps/server/src/core/${PROBE}.ts`]:
        "import { chatRoutes } from '../modules/chat/index.ts';\nexport const probe = chatRoutes;\n",
    },
    rule: 'noRestrictedImports',
  },
  {
    what: 'infrastructure imports the core (lib -> core)',
    files: {
      [`apps/server/src/lib/${PROBE}.ts`]:
        "import { blockedBetween } from '../core/member-rules.ts';\nexport const probe = blockedBetween;\n",
    },
    rule: 'noRestrictedImports',
  },
  {
    what: 'a plugin imports a module (plugins -> auth)',
    files: {
      [`apps/server/src/plugins/${PROBE}.ts`]:
        "import { createAuthService } from '../modules/auth/index.ts';\nexport const probe = createAuthService;\n",
    },
    rule: 'noRestrictedImports',
  },
  {
    what: 'allowed: a module imports another through its public face (likes -> chat/index.ts)',
    files: {
      [`apps/server/src/modules/likes/${PROBE}-allowed.ts`]:
        "import { chatRoutes } from '../chat/index.ts';\nexport const probe = chatRoutes;\n",
    },
    rule: null,
  },
  {
    what: 'an import cycle between two files of a module',
    files: {
      [`apps/server/src/modules/likes/${PROBE}-a.ts`]: `import { b } from './${PROBE}-b.ts';\nexport const a = () => b();\n`,
      [`apps/server/src/modules/likes/${PROBE}-b.ts`]: `import { a } from './${PROBE}-a.ts';\nexport const b = () => a();\n`,
    },
    rule: 'noImportCycles',
  },
  {
    what: 'an import cycle across two modules (likes -> chat -> likes)',
    files: {
      [`apps/server/src/modules/likes/${PROBE}-face.ts`]: `import { chatProbe } from '../chat/${PROBE}-face.ts';\nexport const likesProbe = () => chatProbe();\n`,
      [`apps/server/src/modules/chat/${PROBE}-face.ts`]: `import { likesProbe } from '../likes/${PROBE}-face.ts';\nexport const chatProbe = () => likesProbe();\n`,
    },
    rule: 'noImportCycles',
  },
  {
    what: "an import cycle through two modules' public faces only (likes/index -> chat/index -> likes/index)",
    files: {
      [`apps/server/src/modules/likes/${PROBE}-cycle.ts`]:
        "import { chatCycle } from '../chat/index.ts';\nexport const likesCycle = () => chatCycle();\n",
      [`apps/server/src/modules/chat/${PROBE}-cycle.ts`]:
        "import { likesCycle } from '../likes/index.ts';\nexport const chatCycle = () => likesCycle();\n",
    },
    append: {
      'apps/server/src/modules/likes/index.ts': `export { likesCycle } from './${PROBE}-cycle.ts';\n`,
      'apps/server/src/modules/chat/index.ts': `export { chatCycle } from './${PROBE}-cycle.ts';\n`,
    },
    rule: 'noImportCycles',
  },
  {
    what: 'a web feature imports another feature (likes -> chat)',
    files: {
      [`apps/web/src/features/likes/components/${PROBE}.ts`]:
        "import { chatKeys } from '@/features/chat/api/chat-api.ts';\nexport const probe = chatKeys;\n",
    },
    rule: 'noRestrictedImports',
  },
  {
    what: 'a web feature reaches another feature by a relative path (likes -> ../../chat)',
    files: {
      [`apps/web/src/features/likes/components/${PROBE}-relative.ts`]:
        "import { chatKeys } from '../../chat/api/chat-api.ts';\nexport const probe = chatKeys;\n",
    },
    rule: 'noRestrictedImports',
  },
  {
    what: 'web shared code imports a feature (lib -> chat)',
    files: {
      [`apps/web/src/lib/${PROBE}.ts`]:
        "import { chatKeys } from '@/features/chat/api/chat-api.ts';\nexport const probe = chatKeys;\n",
    },
    rule: 'noRestrictedImports',
  },
  {
    what: 'allowed: a web feature imports its own parts and shared code',
    files: {
      [`apps/web/src/features/likes/components/${PROBE}-allowed.ts`]:
        "import { cn } from '@/lib/cn.ts';\nimport { likesKeys } from '@/features/likes/api/likes-api.ts';\nexport const probe = [cn, likesKeys];\n",
    },
    rule: null,
  },
];

type Diagnostic = { category?: string; location?: { path?: string | { file?: string } } };

function lint(files: string[]): Diagnostic[] {
  let out: string;
  try {
    out = execFileSync(
      'npx',
      ['biome', 'lint', '--reporter=json', '--max-diagnostics=none', ...files],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } catch (error) {
    // Biome exits 1 when it finds errors: that is what is expected here.
    out = (error as { stdout?: string }).stdout ?? '';
  }
  const start = out.indexOf('{');
  const report = JSON.parse(out.slice(start)) as { diagnostics?: Diagnostic[] };
  return report.diagnostics ?? [];
}

const pathOf = (d: Diagnostic) => {
  const p = d.location?.path;
  return typeof p === 'string' ? p : (p?.file ?? '');
};

const written = probes.flatMap((probe) => Object.keys(probe.files));
/** The existing files appended to, with their text before, to put back. */
const originals = new Map<string, string>();
let failed = 0;
try {
  for (const probe of probes) {
    for (const [file, text] of Object.entries(probe.files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    for (const [file, line] of Object.entries(probe.append ?? {})) {
      const full = path.join(root, file);
      const before = originals.get(file) ?? readFileSync(full, 'utf8');
      originals.set(file, before);
      writeFileSync(full, readFileSync(full, 'utf8') + line);
    }
  }
  const diagnostics = lint(written);
  for (const probe of probes) {
    const [first = ''] = Object.keys(probe.files);
    const rules = diagnostics
      .filter((d) => pathOf(d).endsWith(first))
      .map((d) => d.category?.split('/').at(-1) ?? '')
      .filter((rule) => rule === 'noRestrictedImports' || rule === 'noImportCycles');
    const ok = probe.rule ? rules.includes(probe.rule) : rules.length === 0;
    if (!ok) failed += 1;
    const expected = probe.rule ? `rejected by ${probe.rule}` : 'accepted';
    const got = rules.length ? rules.join(', ') : 'no boundary diagnostic';
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${probe.what}: expected ${expected}, got ${got}`);
  }
} finally {
  for (const file of written) rmSync(path.join(root, file), { force: true });
  for (const [file, text] of originals) writeFileSync(path.join(root, file), text);
}
console.log(failed ? `${failed} boundary check(s) failed` : 'Every bad import was rejected.');
process.exit(failed ? 1 : 0);
