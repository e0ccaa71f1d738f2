import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from './mailer.ts';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mawadda-outbox-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('the outbox mailer', () => {
  it('writes a message’s own headers into the .eml, as SMTP would send them', async () => {
    const log = { info: () => {} } as unknown as FastifyBaseLogger;
    const mailer = createOutboxMailer(dir, 'Mawadda <no-reply@mawadda.local>', log);
    await mailer.send({
      to: 'amina@example.com',
      subject: 'Digest',
      text: 'Hello',
      html: '<p>Hello</p>',
      headers: {
        'List-Unsubscribe':
          '<https://mawadda.example/api/notifications/digest/unsubscribe?token=t>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    const [file = ''] = await fs.readdir(dir);
    // Long header lines are folded (RFC 5322): unfolded, as a mail client reads them.
    const eml = (await fs.readFile(path.join(dir, file), 'utf8')).replace(/\n[ \t]+/g, ' ');
    expect(eml).toContain(
      'List-Unsubscribe: <https://mawadda.example/api/notifications/digest/unsubscribe?token=t>',
    );
    expect(eml).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });
});
