import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, seedCouple, sessionFor } from './fixtures.ts';
import { createTestApp } from './test-app.ts';

const t = await createTestApp();
let couple: { amina: string; youssef: string };
let aminaToken: string;

beforeAll(async () => {
  couple = await seedCouple(t.database.db);
  aminaToken = await sessionFor(t.database.db, couple.amina);
});

describe('modules wired by events and parts (ADR 062)', () => {
  it('a listener of a stored message that fails leaves the send answered and the next listener told', async () => {
    const told: Array<{ from: string; to: string }> = [];
    t.app.platform.events.on('chat:message-stored', () => {
      throw new Error('a broken listener');
    });
    t.app.platform.events.on('chat:message-stored', (notice) => void told.push(notice));
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/chat/send/${couple.youssef}`,
      headers: bearer(aminaToken),
      payload: { uuid: crypto.randomUUID(), content: 'Salam' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await vi.waitFor(() =>
      expect(told).toMatchObject([{ kind: 'message', from: couple.amina, to: couple.youssef }]),
    );
  });

  it('a socket part served once the broker was built stops the boot instead of going unheard', () => {
    expect(() => t.app.sockets.serve({ closed: () => {} })).toThrow(
      /served after 'realtime-broker' registered/,
    );
  });
});
