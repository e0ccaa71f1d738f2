import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { reactOnPreactAliases } from './react-on-preact.aliases.ts';

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
 * `<link rel="modulepreload">` in index.html for the login route's chunk and the chunks it
 * imports, which Vite leaves to the router: without them the browser learns of them only once
 * the entry has run and the router has matched `/`, one more round trip before the largest
 * paint of the first screen most visitors see (ADR 047). Another route's visitor fetches them
 * for nothing: a few kB, against the round trip saved on `/`.
 */
function preloadLoginRoute(): Plugin {
  return {
    name: 'mawadda-preload-login-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const login = Object.values(bundle).find(
          (output) =>
            output.type === 'chunk' && output.facadeModuleId?.endsWith('/src/app/routes/login.tsx'),
        );
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (files.has(fileName) || chunk?.type !== 'chunk') return;
          files.add(fileName);
          for (const imported of chunk.imports) visit(imported);
        };
        if (login) visit(login.fileName);
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
    alias: [
      { find: '@/', replacement: `${import.meta.dirname}/src/` },
      ...reactOnPreactAliases(import.meta.dirname),
    ],
  },
  plugins: [
    react(),
    inlineStylesheet(),
    preloadLoginRoute(),
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
        // The icons in one chunk: left to themselves they made 22 files of 150-700 bytes, each a
        // request with its headers (cold first suggestions: scripts 225.9 -> 216.4 KB; the login
        // page, which gets them all, 111.9 -> 113.9 KB).
        codeSplitting: { groups: [{ name: 'icons', test: /[\\/]lucide-react[\\/]/ }] },
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
