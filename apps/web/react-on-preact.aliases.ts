import path from 'node:path';

/**
 * The app is written against React's API and runs on Preact's compatibility layer (ADR 050):
 * every import of `react` and `react-dom` (ours and the libraries') resolves to Preact. One list
 * for the build (vite.config.ts) and the web tests (vitest.config.ts), so that the tests run
 * what members run.
 */
export function reactOnPreactAliases(webDir: string) {
  return [
    { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
    { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
    { find: /^react-dom$/, replacement: 'preact/compat' },
    { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
    { find: /^react$/, replacement: path.join(webDir, 'src/lib/react-on-preact.js') },
  ];
}
