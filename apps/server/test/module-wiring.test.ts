import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordedEvents } from '../src/db/schema.ts';
import { bearer, seedCouple, sessionFor } from './fixtures.ts';
import { createTestApp } from './test-app.ts';

const t = await createTestApp();
let couple: { amina: string; youssef: string };
let aminaToken: string;

beforeAll(async () => {
  couple = await seedCouple(t.database.db);
  aminaToken = await sessionFor(t.database.db, couple.amina);
});

describe('modules wired by events and parts (ADR 062, 064)', () => {
  it('a stored message is recorded in its statement for the listener that wants it, which is woken', async () => {
    let woken = 0;
    t.app.platform.events.recorded.on('chat:message-stored', {
      listener: 'wiring-test',
      wants: (memberId) => sql`${memberId} = ${couple.youssef}::uuid`,
      wake: () => void woken++,
    });
    const send = (token: string, to: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/chat/send/${to}`,
        headers: bearer(token),
        payload: { uuid: crypto.randomUUID(), content: 'Salam' },
      });
    const sent = await send(aminaToken, couple.youssef);
    expect(sent.statusCode, sent.body).toBe(201);
    // Youssef's answer is about Amina, whom the listener does not want: nothing is written.
    const answer = await send(await sessionFor(t.database.db, couple.youssef), couple.amina);
    expect(answer.statusCode, answer.body).toBe(201);
    const rows = await t.database.db
      .select()
      .from(recordedEvents)
      .where(eq(recordedEvents.listener, 'wiring-test'));
    expect(rows).toMatchObject([
      {
        name: 'chat:message-stored',
        payload: { kind: 'message', from: couple.amina, to: couple.youssef, text: 'Salam' },
      },
    ]);
    expect(woken).toBe(1);
  });

  it('a socket part served once the broker was built stops the boot instead of going unheard', () => {
    expect(() => t.app.sockets.serve({ closed: () => {} })).toThrow(
      /served after 'realtime-broker' registered/,
    );
  });
});
