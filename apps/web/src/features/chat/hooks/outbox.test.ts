import type { Message } from '@mawadda/contract';
import { describe, expect, it, vi } from 'vitest';
import { NetworkError } from '@/lib/api-client.ts';
import { createOutbox, type OutboxStore } from './outbox.ts';

function memoryStore(): OutboxStore & { value: string | null } {
  const store = {
    value: null as string | null,
    read: () => store.value,
    write: (value: string | null) => {
      store.value = value;
    },
  };
  return store;
}

const stored = (to: string, uuid: string, content: string | null): Message => ({
  uuid,
  senderId: 'me',
  receiverId: to,
  content,
  imageUrl: null,
  audioUrl: null,
  timestamp: new Date().toISOString(),
  isRead: false,
});

describe('the chat outbox', () => {
  it('keeps texts written offline through a reload and sends them, once, with their uuid', async () => {
    const store = memoryStore();
    const offline = createOutbox({
      send: vi.fn(),
      member: () => 'me',
      online: () => false,
      store,
    });
    offline.add('amina', { content: 'Salam', image: null, audio: null });
    offline.add('amina', { content: 'Are you there?', image: null, audio: null });
    const written = offline.entries().map((e) => e.uuid);
    expect(JSON.parse(store.value ?? '[]')).toHaveLength(2);

    // The tab reloads: a new outbox reads what was kept, and sends it when the network is back.
    const send = vi.fn(async (to: string, fields: { uuid: string; content: string | null }) =>
      stored(to, fields.uuid, fields.content),
    );
    const reloaded = createOutbox({ send, member: () => 'me', online: () => true, store });
    expect(reloaded.entries().map((e) => [e.content, e.status])).toEqual([
      ['Salam', 'waiting'],
      ['Are you there?', 'waiting'],
    ]);
    reloaded.resume();
    await vi.waitFor(() => expect(reloaded.entries()).toEqual([]));
    expect(send.mock.calls.map(([, fields]) => fields.uuid)).toEqual(written);
    expect(store.value).toBeNull();
  });

  it('keeps no photo or voice note in storage, and sends nothing another member wrote', async () => {
    const store = memoryStore();
    const outbox = createOutbox({
      send: vi.fn(async () => {
        throw new NetworkError(new TypeError('Failed to fetch'));
      }),
      member: () => 'me',
      online: () => true,
      store,
    });
    outbox.add('amina', { content: null, image: new File(['x'], 'a.jpg'), audio: null });
    await vi.waitFor(() => expect(outbox.entries()[0]?.status).toBe('waiting'));
    expect(store.value).toBeNull();

    store.value = JSON.stringify([
      { uuid: 'u1', from: 'someone-else', to: 'amina', content: 'not mine', createdAt: '' },
    ]);
    const send = vi.fn();
    const other = createOutbox({ send, member: () => 'me', online: () => true, store });
    other.resume();
    await vi.waitFor(() => expect(other.entries()).toEqual([]));
    expect(send).not.toHaveBeenCalled();
  });
});
