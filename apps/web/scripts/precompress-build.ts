/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file of
 * the build, run by `npm run build` once Vite (and the service worker's build) are done. The
 * server sends the copy the browser accepts (apps/server/src/plugins/web-app.ts): the highest
 * quality costs seconds once here instead of CPU on every answer (ADR 047). index.html is left
 * out: the server writes a fresh nonce into it per answer and compresses that on the fly.
 *
 * Usage: node apps/web/scripts/precompress-build.ts [distDir]
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const distDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist'));
const TEXT = /\.(js|mjs|css|svg|webmanifest|json|txt)$/;
// Below this the server compresses nothing either (`threshold` of @fastify/compress in app.ts).
const MIN_BYTES = 1024;

async function textFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && TEXT.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${path.sep}.vite${path.sep}`));
}

/** A copy is written only when it is smaller than the file itself. */
async function precompress(file: string): Promise<[number, number, number]> {
  const source = await fs.readFile(file);
  if (source.length < MIN_BYTES) return [source.length, source.length, source.length];
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < source.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < source.length) await fs.writeFile(`${file}.gz`, gz);
  return [source.length, br.length, gz.length];
}

const files = await textFiles(distDir);
const totals = [0, 0, 0];
for (const sizes of await Promise.all(files.map(precompress))) {
  sizes.forEach((size, i) => {
    totals[i] = (totals[i] ?? 0) + size;
  });
}
const [raw = 0, br = 0, gz = 0] = totals;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
console.log(`precompressed ${files.length} files: ${kB(raw)} → brotli ${kB(br)}, gzip ${kB(gz)}`);
