import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The API server `npm run dev` starts beside Vite (apps/server, PORT 8080 by default).
const apiServer = 'http://localhost:8080';

const THEME_TEAL = '#0b5f59';
const SAND = '#fdfaf5';

/**
 * The app's stylesheet goes inline in index.html: the first paint waits for no second request
 * (Lighthouse's slow 4G: 0.7 s instead of 2 s). Its file is then dropped from the build and from
 * the entry's styles, which Vite copies into every lazy route's preload list: otherwise the
 * first lazy route fetched the same 12 kB once more, and the worker precached it. The build
 * fails if a chunk still names the file (a route would fail to load it).
 */
function inlineStylesheet(): Plugin {
  const inlined = new Set<string>();
  return {
    name: 'mawadda-inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return html.replace(
          /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
          (tag, file: string) => {
            const asset = bundle[file];
            if (asset?.type !== 'asset') return tag;
            inlined.add(file);
            delete bundle[file];
            for (const chunk of Object.values(bundle)) {
              if (chunk.type === 'chunk') chunk.viteMetadata?.importedCss.delete(file);
            }
            return `<style>${String(asset.source)}</style>`;
          },
        );
      },
    },
    generateBundle: {
      // After Vite has written the lazy routes' preload lists.
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          const named = [...inlined].find(
            (file) => chunk.type === 'chunk' && chunk.code.includes(file),
          );
          if (named) this.error(`${chunk.fileName} still loads ${named}, inlined in index.html`);
        }
      },
    },
  };
}

/**
 * A name imported from one of these packages is imported from the file that defines it, not from
 * the package's index, which only re-exports every file of the package: the screens' walk below
 * follows imports, and through an index it gave the login page every icon the app uses (11 kB
 * gzip of lucide-react's 1,700) and react-i18next's `Trans` with its HTML parser, which only
 * registration uses. Type-only names stay on the index. Only the build: the tests import the
 * index.
 */
const IMPORTED_BY_FILE = ['lucide-react', 'react-i18next'];

function importsByFile(): Plugin {
  const require = createRequire(import.meta.url);
  /** Per package, each name its index exports: the file that defines it, and its name there. */
  const sources = new Map<string, Map<string, { file: string; name: string }>>();
  for (const pkg of IMPORTED_BY_FILE) {
    // The package's ES module index (package.json's `module`).
    const manifest = require.resolve(`${pkg}/package.json`);
    const esmIndex = path.join(
      path.dirname(manifest),
      (JSON.parse(readFileSync(manifest, 'utf8')) as { module: string }).module,
    );
    const names = new Map<string, { file: string; name: string }>();
    for (const [, list = '', file = ''] of readFileSync(esmIndex, 'utf8').matchAll(
      /^export \{ ?([^}]+?) ?\} from '(\.[^']+)';$/gm,
    )) {
      for (const entry of list.split(', ')) {
        const [name = '', exported = name] = entry.split(' as ');
        names.set(exported, { file: path.join(path.dirname(esmIndex), file), name });
      }
    }
    if (names.size === 0) throw new Error(`no re-exports found in ${esmIndex}`);
    sources.set(pkg, names);
  }
  return {
    name: 'mawadda-imports-by-file',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('node_modules')) return;
      return code.replace(
        /import \{([^}]*)\} from '([^']+)';/g,
        (statement, list: string, pkg: string) => {
          const names = sources.get(pkg);
          if (!names) return statement;
          const specifiers = list
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean);
          const types = specifiers.filter((name) => name.startsWith('type '));
          const values = specifiers
            .filter((name) => !name.startsWith('type '))
            .map((specifier) => {
              const [imported = '', local = imported] = specifier.split(/\s+as\s+/);
              const source = names.get(imported);
              if (!source) this.error(`${id}: ${imported} is not exported by ${pkg}'s index`);
              return `import { ${source.name} as ${local} } from '${source.file}';`;
            });
          const typeImport =
            types.length > 0 ? `import { ${types.join(', ')} } from '${pkg}';` : '';
          return [...values, typeImport].join('');
        },
      );
    },
  };
}

/**
 * The screens a visit starts on, each in one chunk (ADR 054): the app with the login screen (the
 * first route), and a member's first screen (the shell, the member area, the suggestions). Left to
 * itself, the bundler split them into as many chunks as there are sets of routes sharing a
 * module: 21 files for the first route and 45 more for the suggestions, and over HTTP/1.1 a
 * phone fetches six at a time, one round trip each. A module goes to the first screen whose
 * static imports reach it; the entry's own modules (main.tsx, early-start.ts) stay in the entry.
 */
const SCREEN_ROOTS = {
  'first-route': ['/src/boot.tsx', '/src/app/routes/login.tsx'],
  'member-screen': [
    '/src/app/routes/shell-layout.tsx',
    '/src/app/routes/member-area.tsx',
    '/src/app/routes/suggestions.tsx',
  ],
} as const;
type Screen = keyof typeof SCREEN_ROOTS;

/**
 * The screens a visitor opens. What they share with a member's first screen (TanStack Query, the
 * idle loader, ...) goes to a chunk of its own, which both load: in the member's, registration
 * loaded and ran the member's whole first screen (113 kB) for the three modules it uses.
 */
const VISITOR_ROOTS = [
  '/src/app/routes/register.tsx',
  '/src/app/routes/forget.tsx',
  '/src/app/routes/reset-password.tsx',
  '/src/app/routes/guardian.tsx',
  '/src/app/routes/not-found.tsx',
];

/** The chunk of what a member's first screen shares with a visitor's. */
const SHARED = 'member-and-visitor';

function screenChunks() {
  const entry = new Set<string>();
  const screenOf = new Map<string, Screen | typeof SHARED>();
  const plugin: Plugin = {
    name: 'mawadda-screen-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      // A root renamed or moved away would silently leave its screen to the bundler's splitting.
      const rooted = (suffixes: readonly string[]) =>
        suffixes.map((suffix) => {
          const id = ids.find((module) => module.endsWith(suffix));
          if (!id) this.error(`${suffix}, a screen's root, is not in the build`);
          return id;
        });
      /** Walks the static imports from `starts`, into the modules `take` accepts. */
      const reach = (starts: string[], take: (id: string) => boolean) => {
        const stack = [...starts];
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          if (take(id)) stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      entry.clear();
      screenOf.clear();
      reach(rooted(['/src/main.tsx']), (id) => {
        if (entry.has(id)) return false;
        entry.add(id);
        return true;
      });
      const visitors = new Set<string>();
      reach(rooted(VISITOR_ROOTS), (id) => {
        if (visitors.has(id)) return false;
        visitors.add(id);
        return true;
      });
      for (const [screen, roots] of Object.entries(SCREEN_ROOTS) as [Screen, readonly string[]][]) {
        reach(rooted(roots), (id) => {
          if (entry.has(id) || screenOf.has(id)) return false;
          screenOf.set(id, screen === 'member-screen' && visitors.has(id) ? SHARED : screen);
          return true;
        });
      }
    },
    // The build fails if a visitor's screen comes to load the member's first screen again.
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const memberScreen = chunks.find((chunk) => chunk.name === 'member-screen')?.fileName;
      for (const chunk of chunks) {
        const visitor = VISITOR_ROOTS.some((root) => chunk.facadeModuleId?.endsWith(root));
        if (visitor && memberScreen && chunk.imports.includes(memberScreen)) {
          this.error(`${chunk.fileName} (a visitor's screen) loads the member's first screen`);
        }
      }
    },
  };
  const groups = [...(Object.keys(SCREEN_ROOTS) as Screen[]), SHARED].map((screen) => ({
    name: screen,
    test: (id: string) => screenOf.get(id) === screen,
    // Only the modules reached: a module both screens import stays in the first one.
    includeDependenciesRecursively: false,
  }));
  /** An icon that no screen a visit starts on draws (those come in that screen's chunk). */
  const isLaterIcon = (id: string) =>
    /[\\/]lucide-react[\\/]/.test(id) && !entry.has(id) && !screenOf.has(id);
  /** Whether a chunk holds code that the entry or a first screen runs as it starts. */
  const startsAScreen = (moduleIds: readonly string[]) =>
    moduleIds.some((id) => entry.has(id) || screenOf.has(id));
  return { plugin, groups, isLaterIcon, startsAScreen };
}
const screens = screenChunks();

/**
 * V8's explicit compile hint (Chrome 136+, ignored elsewhere): every function of a file so marked
 * is compiled as the file streams in, on a background thread, rather than on the main thread at
 * its first call. The chunks a visit starts with run most of their functions while the first
 * screen is drawn, and their first calls held a phone's main thread for tens of milliseconds
 * each (ADR 056).
 */
const COMPILE_ALL_HINT = '//# allFunctionsCalledOnLoad';

/**
 * `<link rel="modulepreload">` in index.html for the first route's chunks (the app and the login
 * screen), which Vite leaves to the entry's dynamic import: without them the browser learns of
 * them only once the entry has run, one more round trip before the largest paint of the first
 * screen most visitors see (ADR 047, 054). Another route's visitor fetches the login screen's
 * few kB for nothing.
 */
function preloadFirstRoute(): Plugin {
  return {
    name: 'mawadda-preload-first-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (files.has(fileName) || chunk?.type !== 'chunk') return;
          files.add(fileName);
          for (const imported of chunk.imports) visit(imported);
        };
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk' && output.name === 'first-route') visit(output.fileName);
        }
        if (files.size === 0) throw new Error('no first-route chunk to preload');
        return {
          html,
          tags: [...files]
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
              injectTo: 'head' as const,
            })),
        };
      },
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  // `@/` is src/ (tsconfig.json `paths`): shared code is imported by one name from anywhere.
  resolve: {
    alias: [{ find: '@/', replacement: `${import.meta.dirname}/src/` }],
  },
  plugins: [
    importsByFile(),
    react(),
    inlineStylesheet(),
    preloadFirstRoute(),
    screens.plugin,
    tailwindcss(),
    VitePWA({
      // Our own worker (it shows push notifications), built into one self-contained /sw.js.
      strategies: 'injectManifest',
      srcDir: 'src/features/pwa',
      filename: 'sw.ts',
      // We register the worker ourselves, after the check of docs/spec.md §1
      // (src/features/pwa/service-worker.ts); nothing is injected into index.html.
      injectRegister: false,
      registerType: 'prompt',
      // public/ files (icons, default avatar) are precached by globPatterns below; listing them
      // again here or through the manifest icons would only duplicate precache entries.
      includeAssets: [],
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Mawadda',
        short_name: 'Mawadda',
        description:
          'Serious, respectful meetings between Muslim singles seeking marriage. Rencontres sérieuses entre célibataires musulmans en vue du mariage.',
        lang: 'en',
        dir: 'ltr',
        theme_color: THEME_TEAL,
        background_color: SAND,
        display: 'standalone',
        start_url: '/',
        scope: '/',
        categories: ['social', 'lifestyle'],
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/pwa-maskable-512x512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
        shortcuts: [
          {
            name: 'Suggestions',
            url: '/suggestions',
            icons: [{ src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Messages',
            url: '/chat',
            icons: [{ src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
      },
      // The app shell: index.html, every JS and CSS chunk (all routes, so any screen opens
      // offline), the icons and the default avatar, listed into src/features/pwa/sw.ts (the
      // worker: precaching, navigations, Web Push). Precached files are served cache-first;
      // hashed ones under assets/ need no revision of their own.
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        dontCacheBustURLsMatching: /^assets\//,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Lists each route's chunk and imports: bench/web/first-route-size.bench.ts reads it.
    manifest: true,
    rolldownOptions: {
      output: {
        // Lazy chunks named by their hash alone: the first route carries every chunk's file name
        // (the router's preload lists), and the names cost bytes that no member reads.
        chunkFileNames: 'assets/[hash].js',
        // After minification, which would drop it as a comment (ADR 056).
        postBanner: (chunk) => (screens.startsAScreen(chunk.moduleIds) ? COMPILE_ALL_HINT : ''),
        // A starting screen's icons come in its chunk; the later screens' share one chunk: left to
        // themselves they made 22 files of 150-700 bytes, each a request with its headers.
        codeSplitting: {
          groups: [...screens.groups, { name: 'icons', test: screens.isLaterIcon }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/media': apiServer,
      '/ws': { target: apiServer, ws: true },
      '/docs': apiServer,
      '/healthz': apiServer,
      '/readyz': apiServer,
    },
  },
});
