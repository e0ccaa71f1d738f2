import { describe, expect, it } from 'vitest';
import type { MessageRow, NewMessage } from './chat.repository.ts';
import { createMessageWriter } from './message-writer.ts';

/** An insert that stays on its way until the test lets it finish, storing every message. */
function pausedInserts() {
  const inserts: Array<{ batch: NewMessage[]; finish(): void }> = [];
  let seq = 0;
  const insert = (batch: readonly NewMessage[]) =>
    new Promise<MessageRow[]>((resolve) => {
      inserts.push({
        batch: [...batch],
        finish: () => resolve(batch.map((m) => ({ ...m, seq: ++seq }) as unknown as MessageRow)),
      });
    });
  return { inserts, insert };
}

const members: string[] = Array.from({ length: 32 }, () => crypto.randomUUID());
const message = (from: number, to: number, content: string): NewMessage => ({
  uuid: crypto.randomUUID(),
  senderId: members[from] ?? '',
  receiverId: members[to] ?? '',
  content,
  imageKey: null,
  audioKey: null,
  sentAt: new Date(),
});
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the chat message writer', () => {
  it('writes several conversations at once, each one in order, what waits going in one insert', async () => {
    const { inserts, insert } = pausedInserts();
    const writer = createMessageWriter({ insert, lanes: 4 });
    // Sixteen conversations start at the same moment.
    const firsts = Array.from({ length: 16 }, (_, k) =>
      writer.write(message(2 * k, 2 * k + 1, `hello ${k}`)),
    );
    await tick();
    expect(inserts.length).toBeGreaterThan(1);
    expect(inserts.length).toBeLessThanOrEqual(4);

    // While conversation 0's insert is on its way, its next messages (from both sides) wait.
    const lane = inserts.find((i) => i.batch.some((m) => m.content === 'hello 0'));
    const next = [
      writer.write(message(0, 1, 'are you there?')),
      writer.write(message(1, 0, 'yes')),
      writer.write(message(0, 1, 'good')),
    ];
    await tick();
    const before = inserts.length;
    lane?.finish();
    await tick();
    const following = inserts.slice(before).find((i) => i.batch.some((m) => m.content === 'yes'));
    const ofConversation0 = (m: NewMessage) => [members[0], members[1]].includes(m.senderId);
    expect(following?.batch.filter(ofConversation0).map((m) => m.content)).toEqual([
      'are you there?',
      'yes',
      'good',
    ]);

    // Every insert ends: every message is stored, and answered with its own row.
    for (let round = 0; round < 10 && inserts.length > 0; round++) {
      for (const pending of inserts.splice(0)) pending.finish();
      await tick();
    }
    const stored = await Promise.all([...firsts, ...next]);
    expect(stored.map((row) => row?.content)).toEqual([
      ...Array.from({ length: 16 }, (_, k) => `hello ${k}`),
      'are you there?',
      'yes',
      'good',
    ]);
  });
});
