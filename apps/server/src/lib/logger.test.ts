import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger('info', stream) };
}

describe('the log', () => {
  it('keeps a failed statement but never its parameters', () => {
    const { lines, logger } = capture();
    const failed = new DrizzleQueryError(
      'insert into "members" ("email", "password_hash", "latitude") values ($1, $2, $3)',
      ['aicha@example.com', '$argon2id$v=19$m=19456$secret-hash\nsecond line', 14.716677],
      new Error('invalid byte sequence for encoding "UTF8": 0x00'),
    );
    logger.error({ err: failed }, 'Request failed');
    const line = lines.join('');
    expect(line).toContain('insert into \\"members\\"');
    expect(line).toContain('invalid byte sequence');
    for (const secret of ['aicha@example.com', 'argon2id', 'second line', '14.716677']) {
      expect(line).not.toContain(secret);
    }
  });
});
