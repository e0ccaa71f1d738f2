import { once } from 'node:events';
import fs from 'node:fs';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

export type ZipEntry = {
  name: string;
  /**
   * A stored file, read as a stream (undefined: it has disappeared meanwhile); or bytes made in
   * memory (compressed).
   */
  source: { read: () => Promise<AsyncIterable<Uint8Array> | undefined> } | { data: Uint8Array };
};

/**
 * Writes a ZIP of `entries` to `file`, a chunk at a time: stored files are read as streams and
 * the writer waits for the disk whenever it falls behind, so memory stays bounded whatever the
 * size of the photos. Files already compressed (WebP, Opus) are stored as they are. A source
 * file that has disappeared meanwhile is left out. Answers the ZIP's size in bytes.
 */
export async function writeZip(file: string, entries: Iterable<ZipEntry>): Promise<number> {
  const out = fs.createWriteStream(file);
  let failure: Error | undefined;
  out.on('error', (error) => {
    failure ??= error;
  });
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      failure = error;
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const drained = async () => {
    if (failure) throw failure;
    if (out.writableNeedDrain) await once(out, 'drain');
  };
  try {
    for (const entry of entries) {
      if ('data' in entry.source) {
        const deflate = new ZipDeflate(entry.name, { level: 6 });
        zip.add(deflate);
        deflate.push(entry.source.data, true);
        await drained();
        continue;
      }
      const stream = await entry.source.read();
      if (!stream) continue;
      const stored = new ZipPassThrough(entry.name);
      zip.add(stored);
      for await (const chunk of stream) {
        stored.push(chunk);
        await drained();
      }
      stored.push(new Uint8Array(0), true);
      await drained();
    }
    zip.end();
    if (failure) throw failure;
    if (!out.writableFinished) await once(out, 'finish');
    return out.bytesWritten;
  } catch (error) {
    out.destroy();
    throw error;
  }
}
