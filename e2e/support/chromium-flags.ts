/**
 * What the journeys and the web benches (bench/web/) ask of Debian's Chromium: no sandbox (they
 * run as root), no GPU (none here), and none of the browser's own traffic (updates, sync, field
 * trials), which would land in the bytes a bench counts and the main thread it measures.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
