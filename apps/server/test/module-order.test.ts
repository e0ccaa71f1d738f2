import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { chatModule } from '../src/modules/chat/index.ts';
import { notificationsModule } from '../src/modules/notifications/index.ts';
import { pushModule } from '../src/modules/push/index.ts';

/** A plugin that stands for one of the same name and does nothing: only its name counts here. */
const stand = (name: string) => fp(async (_app: FastifyInstance) => {}, { name });

/** An app where what the chat and the modules after it need is registered, by name only. */
async function appBeforeTheChat() {
  const app = Fastify();
  for (const name of [
    'platform',
    'metrics',
    'background-work',
    'realtime',
    'authentication',
    'moderation',
  ]) {
    await app.register(stand(name));
  }
  return app;
}

describe('modules declare what they need', () => {
  it('a module registered before one it depends on stops the boot, naming both', async () => {
    const app = await appBeforeTheChat();
    await expect(app.register(notificationsModule)).rejects.toThrow(
      "The dependency 'chat' of plugin 'notifications' is not registered",
    );
  });

  it('push needs the notifications (its badge), registered before it', async () => {
    const app = await appBeforeTheChat();
    await app.register(stand('chat'));
    await expect(app.register(pushModule)).rejects.toThrow(
      "The dependency 'notifications' of plugin 'push' is not registered",
    );
  });

  it('the chat needs moderation (the scam shield reports through it)', async () => {
    const app = Fastify();
    for (const name of ['platform', 'metrics', 'background-work', 'authentication', 'realtime']) {
      await app.register(stand(name));
    }
    await expect(app.register(chatModule)).rejects.toThrow(
      "The dependency 'moderation' of plugin 'chat' is not registered",
    );
  });
});
