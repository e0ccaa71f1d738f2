import websocket from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import type { StompBroker } from './broker/index.ts';

/** The subprotocols STOMP clients offer (`@stomp/stompjs` sends all three); we speak 1.2. */
const STOMP_SUBPROTOCOL = 'v12.stomp';

/**
 * `/ws`: the STOMP broker's WebSocket (docs/spec.md §7). The session token comes in the `token`
 * query parameter or the CONNECT frame; the broker checks it, not this route.
 */
export const realtimeRoutes: FastifyPluginAsync<{
  broker: StompBroker;
  maxFrameBytes: number;
}> = async (app, { broker, maxFrameBytes }) => {
  await app.register(websocket, {
    // On close (SIGTERM), every client gets an ERROR "Server restarting" before its socket closes.
    preClose: (done) => {
      broker.shutdown();
      done();
    },
    options: {
      // A frame a little over the limit reaches the broker, which answers an ERROR saying so; a
      // message over twice the limit is cut by ws (close 1009) before it is buffered.
      maxPayload: 2 * maxFrameBytes,
      perMessageDeflate: false,
      // Fastify's connection cap (plugins/connection-limits.ts) counts these sockets too.
      handleProtocols: (offered) => (offered.has(STOMP_SUBPROTOCOL) ? STOMP_SUBPROTOCOL : false),
    },
  });
  app.get<{ Querystring: { token?: string } }>(
    '/ws',
    { websocket: true, schema: { hide: true } },
    (socket, request) => {
      const token = request.query.token;
      broker.accept(socket, typeof token === 'string' ? token : undefined);
    },
  );
};
