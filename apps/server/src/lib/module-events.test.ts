import { describe, expect, it } from 'vitest';
import { createModuleEvents } from './module-events.ts';

declare module './module-events.ts' {
  interface ModuleEvents {
    'test:said': string;
  }
}

function bus() {
  const logged: Array<{ event: string; message: string }> = [];
  const events = createModuleEvents({
    error: ({ event }, message) => void logged.push({ event, message }),
  });
  return { events, logged };
}

describe('the module event bus', () => {
  it('tells listeners in the order they were added, each awaited before the next', async () => {
    const { events } = bus();
    const heard: string[] = [];
    events.on('test:said', async (word) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      heard.push(`first ${word}`);
    });
    events.on('test:said', (word) => void heard.push(`second ${word}`));
    await events.emit('test:said', 'salam');
    expect(heard).toEqual(['first salam', 'second salam']);
  });

  it('runs the first listener within emit, as the direct call it replaces did', () => {
    const { events } = bus();
    const heard: string[] = [];
    events.on('test:said', (word) => void heard.push(word));
    void events.emit('test:said', 'now');
    expect(heard).toEqual(['now']);
  });

  it('logs a failing listener and still tells the next; the emitter is not failed', async () => {
    const { events, logged } = bus();
    const heard: string[] = [];
    events.on('test:said', () => {
      throw new Error('broken listener');
    });
    events.on('test:said', (word) => void heard.push(word));
    await expect(events.emit('test:said', 'still')).resolves.toBeUndefined();
    expect(heard).toEqual(['still']);
    expect(logged).toEqual([{ event: 'test:said', message: 'A listener of test:said failed' }]);
  });

  it('with emitOrFail, stops at the first failing listener and gives its error to the emitter', async () => {
    const { events, logged } = bus();
    const heard: string[] = [];
    events.on('test:said', async () => {
      throw new Error('the subscriptions were not deleted');
    });
    events.on('test:said', (word) => void heard.push(word));
    await expect(events.emitOrFail('test:said', 'logout')).rejects.toThrow(/not deleted/);
    expect(heard).toEqual([]);
    expect(logged).toEqual([]);
  });

  it('tells nobody of an event no one listens to', async () => {
    const { events } = bus();
    await expect(events.emit('test:said', 'alone')).resolves.toBeUndefined();
  });
});
