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

describe('the outbox mailer’s log line', () => {
  it('names the mail’s links without their tokens, which stay in the .eml', async () => {
    const logged: unknown[] = [];
    const log = { info: (entry: unknown) => logged.push(entry) } as unknown as FastifyBaseLogger;
    const mailer = createOutboxMailer(dir, 'Mawadda <no-reply@mawadda.local>', log);
    const reset = 'rEs3t-token_0123456789abcdefghijklmnopqrstu';
    const guardian = 'gUard1an-token_0123456789abcdefghijklmnopqr';
    const unsubscribe = 'uNsub-token.0123456789abcdef';
    await mailer.send({
      to: 'amina@example.com',
      subject: 'Links',
      text: [
        `https://mawadda.example/reset-password/${reset}`,
        `https://mawadda.example/fr/guardian/${guardian}`,
        `https://mawadda.example/api/guardian-digest/unsubscribe?token=${unsubscribe}`,
        'https://mawadda.example/forget',
      ].join('\n\n'),
      html: '<p>Links</p>',
    });
    const line = JSON.stringify(logged);
    for (const token of [reset, guardian, unsubscribe]) expect(line).not.toContain(token);
    const file = (logged[0] as { file: string }).file;
    // Quoted-printable lines end in a soft break (`=`): unfolded, as a mail client reads them.
    const eml = (await fs.readFile(file, 'utf8')).replace(/=\n/g, '');
    expect(eml).toContain(`/fr/guardian/${guardian}`);
    expect(logged).toEqual([
      expect.objectContaining({
        links: [
          'https://mawadda.example/reset-password/[redacted]',
          'https://mawadda.example/fr/guardian/[redacted]',
          'https://mawadda.example/api/guardian-digest/unsubscribe?token=[redacted]',
          'https://mawadda.example/forget',
        ],
      }),
    ]);
  });
});
