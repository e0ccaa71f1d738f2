/**
 * Draws Mawadda's icons from one vector mark and writes them to `apps/web/public/`:
 * the SVG favicon, a 32 px PNG favicon, the 180 px apple-touch-icon and the web app manifest's
 * 192 px, 512 px and 512 px maskable icons, and the 96 px monochrome notification badge. The PNGs are committed; run this again only when the
 * mark changes:
 *
 *   node apps/web/scripts/generate-icons.ts
 *
 * The mark: a pointed arch (a doorway, a home to build together) in sand on the brand's teal,
 * holding a small rose heart. It is the same drawing as `src/components/logo.tsx`.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const TEAL = '#0b5f59';
const TEAL_DEEP = '#083b38';
const SAND = '#f8f1e6';
const ROSE = '#be123c';

const publicDir = path.resolve(import.meta.dirname, '../public');

/** The arch and heart, drawn in a 64 x 64 box. */
const MARK = `
  <path d="M18 52V31C18 22.5 24.5 17 32 11C39.5 17 46 22.5 46 31V52Z" fill="${SAND}"/>
  <path d="M32 45.5C26 41.3 23 38 23 34.5C23 31.7 25.1 29.6 27.8 29.6C29.6 29.6 31.1 30.5 32 32C32.9 30.5 34.4 29.6 36.2 29.6C38.9 29.6 41 31.7 41 34.5C41 38 38 41.3 32 45.5Z" fill="${ROSE}"/>`;

const gradient = `
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${TEAL}"/>
      <stop offset="1" stop-color="${TEAL_DEEP}"/>
    </linearGradient>
  </defs>`;

/** A rounded tile on a transparent ground: favicons and the manifest's "any" icons. */
function tile(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <title>Mawadda</title>${gradient}
  <rect width="64" height="64" rx="14" fill="url(#bg)"/>${MARK}
</svg>
`;
}

/**
 * Full-bleed square: the platform draws its own mask (a circle, a squircle, iOS's rounded square).
 * `scale` shrinks the mark toward the centre so it stays inside the maskable safe zone (the
 * central 80 % circle).
 */
function fullBleed(scale: number): string {
  const offset = (32 * (1 - scale)).toFixed(2);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}
  <rect width="64" height="64" fill="url(#bg)"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">${MARK}</g>
</svg>
`;
}

/**
 * The notification badge (Android's status bar): drawn from its alpha alone, so the arch in one
 * colour with the heart cut out of it (even-odd), on nothing.
 */
function badge(): string {
  const [arch, heart] = [...MARK.matchAll(/d="([^"]+)"/g)].map((match) => match[1]);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="8 8 48 48">
  <path d="${arch} ${heart}" fill="#fff" fill-rule="evenodd"/>
</svg>
`;
}

async function png(svg: string, size: number, file: string) {
  await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: size <= 32 })
    .toFile(path.join(publicDir, file));
  console.log(`wrote public/${file}`);
}

await fs.mkdir(publicDir, { recursive: true });
await fs.writeFile(path.join(publicDir, 'favicon.svg'), tile());
console.log('wrote public/favicon.svg');
await png(tile(), 32, 'favicon-32x32.png');
await png(tile(), 192, 'pwa-192x192.png');
await png(tile(), 512, 'pwa-512x512.png');
await png(fullBleed(0.78), 512, 'pwa-maskable-512x512.png');
await png(fullBleed(0.9), 180, 'apple-touch-icon.png');
await png(badge(), 96, 'badge-96x96.png');
