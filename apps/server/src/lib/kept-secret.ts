import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** As long as the shortest secret the configuration accepts. */
const MIN_LENGTH = 32;

/**
 * A secret the embedded default keeps under DATA_DIR when none is configured: made once (64 hex
 * characters, readable by the server's user only) and read again at each start, so what it
 * signed survives a restart. Two processes starting together agree on the first one written.
 */
export async function keptSecret(file: string): Promise<Buffer> {
  const text = await keptText(
    file,
    () => randomBytes(32).toString('hex'),
    (kept) => {
      if (kept.length < MIN_LENGTH) {
        throw new Error(
          `${file} holds fewer than ${MIN_LENGTH} characters: remove it to make a new secret`,
        );
      }
    },
  );
  return Buffer.from(text);
}

/**
 * A text made once by `make` and kept in `file` (readable by the server's user only), read again
 * at each start; `check` throws when what the file holds is not usable. Two processes starting
 * together agree on the first one written.
 */
export async function keptText(
  file: string,
  make: () => string,
  check: (kept: string) => void,
): Promise<string> {
  const read = async () => {
    const text = (await fs.readFile(file, 'utf8')).trim();
    check(text);
    return text;
  };
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(path.dirname(file), { recursive: true });
  const made = make();
  // Written whole beside it, then linked into place: the file never exists half written, and a
  // link fails when another process put its own there first.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await fs.writeFile(draft, `${made}\n`, { mode: 0o600 });
  try {
    await fs.link(draft, file);
    return made;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return read();
  } finally {
    await fs.rm(draft, { force: true });
  }
}
