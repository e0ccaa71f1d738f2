import { describe, expect, it } from 'vitest';
import type { MessageRow } from '../../core/conversations.ts';
import type { NewMessage } from './chat.repository.ts';
import { createMessageWriter } from './message-writer.ts';

/**
 * An insert that stays on its way until the test lets it finish; it stores all but `refused`,
 * and, as PostgreSQL does, only the first of a (sender, uuid) given twice.
 */
function pausedInserts(refused = new Set<string>()) {
  const inserts: Array<{ batch: NewMessage[]; finish(): void; fail(): void }> = [];
  let seq = 0;
  const insert = (batch: readonly NewMessage[]) =>
    new Promise<Array<MessageRow | undefined>>((resolve, reject) => {
      const keys = new Set<string>();
      const storedOnce = (m: NewMessage) =>
        !keys.has(`${m.senderId} ${m.uuid}`) && keys.add(`${m.senderId} ${m.uuid}`);
      inserts.push({
        batch: [...batch],
        finish: () =>
          resolve(
            batch.map((m) =>
              !refused.has(m.content ?? '') && storedOnce(m)
                ? ({ ...m, seq: ++seq } as unknown as MessageRow)
                : undefined,
            ),
          ),
        fail: () => reject(new Error('the database is gone')),
      });
    });
  return { inserts, insert };
}

const [amina, youssef] = [crypto.randomUUID(), crypto.randomUUID()];
const message = (senderId: string, receiverId: string, content: string): NewMessage => ({
  uuid: crypto.randomUUID(),
  senderId,
  receiverId,
  content,
  shield: 0,
  imageKey: null,
  audioKey: null,
  mediaBytes: null,
  sentAt: new Date(),
});
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the chat message writer', () => {
  it('sends a lone message at once, and what arrives meanwhile together next, in order', async () => {
    const { inserts, insert } = pausedInserts(new Set(['not allowed']));
    const writer = createMessageWriter({ insert });
    const first = writer.write(message(amina, youssef, 'salam'));
    await tick();
    expect(inserts.map((i) => i.batch.map((m) => m.content))).toEqual([['salam']]);

    const next = [
      writer.write(message(amina, youssef, 'are you there?')),
      writer.write(message(youssef, amina, 'yes')),
      writer.write(message(amina, youssef, 'not allowed')),
    ];
    await tick();
    expect(inserts).toHaveLength(1);
    inserts[0]?.finish();
    await tick();
    expect(inserts.map((i) => i.batch.map((m) => m.content))).toEqual([
      ['salam'],
      ['are you there?', 'yes', 'not allowed'],
    ]);
    inserts[1]?.finish();
    // Each is answered with its own row; a message the insert did not store, with nothing.
    expect((await first)?.content).toBe('salam');
    expect((await Promise.all(next)).map((row) => row?.content)).toEqual([
      'are you there?',
      'yes',
      undefined,
    ]);
  });

  it('answers a message sent twice in one batch (a retry) with its row once', async () => {
    const { inserts, insert } = pausedInserts();
    const writer = createMessageWriter({ insert });
    const busy = writer.write(message(amina, youssef, 'salam'));
    await tick();
    const sent = message(amina, youssef, 'are you there?');
    const [first, retry] = [writer.write(sent), writer.write({ ...sent })];
    inserts[0]?.finish();
    await busy;
    await tick();
    inserts[1]?.finish();
    expect((await first)?.content).toBe('are you there?');
    // The retry is answered as one: the sender finds the stored message, nobody is told twice.
    expect(await retry).toBeUndefined();
  });

  it('fails the messages of an insert that failed, and goes on with the next ones', async () => {
    const { inserts, insert } = pausedInserts();
    const writer = createMessageWriter({ insert });
    const lost = writer.write(message(amina, youssef, 'salam'));
    await tick();
    const later = writer.write(message(amina, youssef, 'again'));
    inserts[0]?.fail();
    await expect(lost).rejects.toThrow('the database is gone');
    await tick();
    inserts[1]?.finish();
    expect((await later)?.content).toBe('again');
  });
});
