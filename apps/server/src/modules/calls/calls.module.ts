import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AsRecorded } from '../../lib/recorded-events.ts';
import { memberArea } from '../../plugins/authentication.ts';
import type { CallStore } from './call-store.ts';
import { callsRoutes } from './calls.routes.ts';
import { type CallsService, callSignalHandler, createCallsService } from './calls.service.ts';
import type { CallEvent } from './calls-context.ts';
import { createIceServers } from './ice-servers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    calls: CallsService;
  }
}

declare module '../../lib/recorded-events.ts' {
  interface RecordedEvents {
    /**
     * A call rings, or ended (`missed` when the callee neither answered nor declined it):
     * recorded in the transaction that writes it (ADR 064).
     */
    'calls:call': AsRecorded<CallEvent>;
  }
}

/**
 * WebRTC call signalling over the socket: the signals it serves there, the call's entry in the
 * conversation (chat), each ring and end recorded with it, and the ICE servers route.
 */
export const callsModule = fp(
  async (app: FastifyInstance, options: { store: CallStore }) => {
    const { db, clock, config, rules, events } = app.platform;
    const calls = createCallsService({
      db,
      clock,
      photoLinks: app.platform.links.photos,
      store: options.store,
      whoMayWrite: rules.whoMayWrite,
      firstContacts: rules.firstContacts,
      addCallEntry: app.chat.addCallEntry,
      publish: app.outlet.publish,
      ringTimeoutMs: config.callRingMs,
      log: app.platform.log,
      recorded: events.recorded,
    });
    app.decorate('calls', calls);
    app.sockets.serve({
      frames: callSignalHandler(calls),
      subscribed: calls.subscribed,
      closed: calls.connectionClosed,
    });
    // Three renewals per TTL, as presence: a call of a live node never looks abandoned.
    const renewEveryMs = config.presenceTtlMs / 3;
    app.background.add({ name: 'calls', start: () => calls.start(renewEveryMs) });
    await memberArea(app, async (member) => {
      await member.register(callsRoutes, { iceServers: createIceServers(config.ice, clock) });
    });
  },
  {
    name: 'calls',
    dependencies: ['platform', 'background-work', 'authentication', 'realtime', 'chat'],
  },
);
