import { APP_ROUTES } from '@mawadda/contract/app-routes';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The API server `npm run dev` starts beside Vite (apps/server, PORT 8080 by default).
const apiServer = 'http://localhost:8080';

/** Server paths a navigation may reach that are never the app (and never cached). */
const SERVER_PATHS = /^\/(api|media|docs|ws|healthz|readyz)(\/|\?|$)/;

const THEME_TEAL = '#0b5f59';
const SAND = '#fdfaf5';

/**
 * The app's stylesheet goes inline in index.html: the first paint waits for no second request
 * (Lighthouse's slow 4G: 0.7 s instead of 2 s). The file stays: lazy route chunks list it
 * among the styles they preload (a missing one fails the route), so the first lazy route
 * fetches it once more, off the critical path and cached for good.
 */
function inlineStylesheet(): Plugin {
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
            return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : tag;
          },
        );
      },
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  // `@/` is src/ (tsconfig.json `paths`): shared code is imported by one name from anywhere.
  resolve: { alias: { '@/': `${import.meta.dirname}/src/` } },
  plugins: [
    react(),
    inlineStylesheet(),
    tailwindcss(),
    VitePWA({
      strategies: 'generateSW',
      filename: 'sw.js',
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
      workbox: {
        // The app shell: index.html, every JS and CSS chunk (all routes, so any screen opens
        // offline), the icons and the default avatar. Precached files are served cache-first;
        // hashed ones under assets/ need no revision of their own.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        dontCacheBustURLsMatching: /^assets\//,
        navigateFallback: 'index.html',
        navigateFallbackAllowlist: [APP_ROUTES],
        navigateFallbackDenylist: [SERVER_PATHS],
        // No runtime caching at all: API answers, media and the socket always go to the network.
        // A member's last answers are kept by the page, one member's at a time (ADR 010).
        runtimeCaching: [],
        // One self-contained sw.js at the root (served uncached), no separate workbox-*.js file.
        inlineWorkboxRuntime: true,
        cleanupOutdatedCaches: true,
        // Update policy: a prompt, not skipWaiting. A new worker waits while an older one
        // controls open pages, so those pages keep loading the chunks they were built with (the
        // server no longer has the old hashed files); the member gets a "new version" toast and
        // chooses when to refresh (the page then posts SKIP_WAITING). clientsClaim makes the very
        // first install control the open page at once, so it works offline from the first visit.
        skipWaiting: false,
        clientsClaim: true,
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
