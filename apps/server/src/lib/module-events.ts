/**
 * What modules announce to one another (ADR 062): each module that emits an event declares it
 * here by declaration merging, in its own module file, with the payload listeners receive:
 *
 *     declare module '../../lib/module-events.ts' {
 *       interface ModuleEvents { 'chat:message-stored': NewMessageNotice }
 *     }
 *
 * An event that a listener must write in the emitter's transaction carries its `tx`. An event a
 * listener must not miss, whatever becomes of this process, is recorded instead: written in the
 * statement or transaction of what caused it (`recorded`, `recorded-events.ts`, ADR 064).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the modules' declaration merging.
export interface ModuleEvents {}

export type ModuleEventName = keyof ModuleEvents;
export type ModuleEventListener<Name extends ModuleEventName> = (
  payload: ModuleEvents[Name],
) => unknown;

/**
 * The payload of a service's callback (`onNewMessage`, `onLiked`): a module binds the callback to
 * an event of that payload, so the service keeps its own signature.
 */
export type CallbackPayload<Callback> =
  NonNullable<Callback> extends (payload: infer P) => unknown ? P : never;

import { createRecordedEvents } from './recorded-events.ts';

/** Where a listener's failure goes: logged and skipped, unless the emitter asks to be told. */
type ErrorLog = { error(details: { err: unknown; event: string }, message: string): void };

export type ModuleEventBus = ReturnType<typeof createModuleEvents>;

/**
 * A typed in-process event bus. Listeners run one after the other, in the order they were
 * added (the order modules registered), each awaited before the next; the first one runs
 * synchronously within `emit`, so a listener that only queues work (push's `notify`) does so
 * before the emitter goes on, as a direct call did.
 */
export function createModuleEvents(log: ErrorLog) {
  const listeners = new Map<ModuleEventName, ModuleEventListener<never>[]>();
  const listenersOf = <Name extends ModuleEventName>(name: Name) =>
    (listeners.get(name) ?? []) as ModuleEventListener<Name>[];

  return {
    on<Name extends ModuleEventName>(name: Name, listener: ModuleEventListener<Name>): void {
      listeners.set(name, [...listenersOf(name), listener] as ModuleEventListener<never>[]);
    },

    /**
     * Tells every listener; a listener that fails is logged and the next one still runs: the
     * emitter's answer does not depend on who listens. Never rejects.
     */
    async emit<Name extends ModuleEventName>(name: Name, payload: ModuleEvents[Name]) {
      for (const listener of listenersOf(name)) {
        try {
          await listener(payload);
        } catch (err) {
          log.error({ err, event: name }, `A listener of ${name} failed`);
        }
      }
    },

    /**
     * Tells the listeners in order and stops at the first that fails, whose error the emitter
     * gets: for what must be done before the emitter answers (a signed-out session's push
     * subscriptions are gone before the logout answers).
     */
    async emitOrFail<Name extends ModuleEventName>(name: Name, payload: ModuleEvents[Name]) {
      for (const listener of listenersOf(name)) await listener(payload);
    },

    /** Events written in the emitter's statement or transaction, to the outbox (ADR 064). */
    recorded: createRecordedEvents(),
  };
}
