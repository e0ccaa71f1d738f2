/**
 * What a profile photo upload costs the server (ADR 048): a 12 MP photo re-encoded the way it was
 * before (a 1080 px WebP, a 400 px thumbnail, the blurred copy) and the way it is now (every width
 * of PHOTO_WIDTHS in AVIF and WebP, the blurred copy), alternately, and the bytes of each size.
 * The photo is `BENCH_PHOTO` (a path) or, without it, a made-up 4000×3000 JPEG with a photo's
 * grain, so the figure does not hang on a file the repository cannot hold. Prints one JSON line.
 * Usage: [BENCH_PHOTO=path.jpg] node bench/photo-upload.bench.ts
 */
import fs from 'node:fs/promises';
import sharp from 'sharp';
import { HttpError } from '../apps/server/src/lib/http-error.ts';
import { blurPhoto, processPhoto, reencodeImage } from '../apps/server/src/lib/photo-processor.ts';

const ROUNDS = 5;

async function madeUpPhoto(): Promise<Buffer> {
  const [width, height] = [4000, 3000];
  // Soft shapes under a sensor's grain: what makes a phone photo costly to encode is its detail.
  const shapes = Array.from({ length: 60 }, (_, i) => {
    const hue = (i * 47) % 360;
    return `<ellipse cx="${(i * 613) % width}" cy="${(i * 389) % height}" rx="${200 + ((i * 97) % 600)}" ry="${150 + ((i * 71) % 500)}" fill="hsl(${hue},45%,${35 + (i % 5) * 8}%)" opacity="0.6"/>`;
  }).join('');
  const base = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#8a7560"/>${shapes}</svg>`,
    ),
  )
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grain = Buffer.alloc(base.data.length);
  for (let i = 0; i < grain.length; i++) {
    grain[i] = Math.max(
      0,
      Math.min(255, (base.data[i] ?? 0) + Math.round((Math.random() - 0.5) * 40)),
    );
  }
  return sharp(grain, { raw: base.info }).blur(0.8).jpeg({ quality: 90 }).toBuffer();
}

const photo = process.env.BENCH_PHOTO
  ? await fs.readFile(process.env.BENCH_PHOTO)
  : await madeUpPhoto();
const meta = await sharp(photo).metadata();

async function before() {
  const [display, thumbnail] = await reencodeImage(
    photo,
    [
      { size: 1080, quality: 82 },
      { size: 400, quality: 76 },
    ],
    new HttpError(400, 'PHOTO_UNREADABLE'),
  );
  if (!display || !thumbnail) throw new Error('two sizes expected');
  await blurPhoto(display.data);
  return { display: display.data.length, thumbnail: thumbnail.data.length };
}

const after = async () => {
  const processed = await processPhoto(photo, { index: 1, name: 'bench' });
  return Object.fromEntries(
    processed.sizes.map((s) => [`${s.nominalWidth}.${s.format}`, s.data.length]),
  );
};

const times = { before: [] as number[], after: [] as number[] };
const bytes = { before: {}, after: {} };
await before(); // warms libvips up, as a running server is
for (let i = 0; i < ROUNDS; i++) {
  let start = performance.now();
  bytes.before = await before();
  times.before.push(performance.now() - start);
  start = performance.now();
  bytes.after = await after();
  times.after.push(performance.now() - start);
}
const median = (list: number[]) =>
  Math.round([...list].sort((a, b) => a - b)[list.length >> 1] ?? 0);
console.log(
  JSON.stringify({
    photo: { width: meta.width, height: meta.height, bytes: photo.length },
    rounds: ROUNDS,
    msBefore: median(times.before),
    msAfter: median(times.after),
    bytes,
  }),
);
