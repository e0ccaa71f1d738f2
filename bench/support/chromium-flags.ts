/**
 * What the web benches ask of Debian's Chromium: no sandbox (they run as root), no GPU (none
 * here), and none of the browser's own traffic (updates, sync, field trials), which would land in
 * the bytes counted and the main thread measured.
 */
export const BENCH_CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
