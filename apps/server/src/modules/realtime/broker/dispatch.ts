import { E } from '@mawadda/contract';
import type { FloodControl } from './flood-control.ts';
import type { createHandshake } from './handshake.ts';
import { BrokerRefusal, invalidFrame } from './refusal.ts';
import type { ConnectionRegistry } from './registry.ts';
import { type ClientFrame, StompProtocolError, serializeFrame } from './stomp-frame.ts';
import type { BrokerOptions, ConnectedMember, Connection } from './types.ts';

/** What dispatching needs: made once per broker, so handling a frame allocates nothing more. */
type Dispatch = {
  registry: ConnectionRegistry;
  flood: FloodControl;
  connect: ReturnType<typeof createHandshake>;
  options: Pick<
    BrokerOptions,
    'limits' | 'log' | 'maySubscribe' | 'sendHandlers' | 'onSubscribed'
  > & {
    now: () => number;
  };
};

function subscribe(d: Dispatch, connection: Connection, frame: ClientFrame): true | undefined {
  const { fail } = d.registry;
  const id = frame.headers.get('id');
  const destination = frame.headers.get('destination');
  if (!id || !destination)
    return fail(connection, invalidFrame('SUBSCRIBE needs an id and a destination'), frame);
  if (connection.subscriptions.has(id))
    return fail(connection, invalidFrame(`Subscription id ${id} is in use`), frame);
  if (connection.subscriptions.size >= d.options.limits.maxSubscriptions) {
    return fail(connection, E.REALTIME_SUBSCRIPTIONS_TOO_MANY, frame);
  }
  const member = connection.member;
  if (!member || !d.options.maySubscribe(member.memberId, destination)) {
    return fail(
      connection,
      new BrokerRefusal(
        E.REALTIME_SUBSCRIPTION_FORBIDDEN,
        `Not allowed to subscribe to ${destination}`,
      ),
      frame,
    );
  }
  d.registry.subscribe(connection, id, destination);
  d.options.onSubscribed?.(member, destination);
  return true;
}

function unsubscribe(d: Dispatch, connection: Connection, frame: ClientFrame): true | undefined {
  const id = frame.headers.get('id');
  const destination = id ? connection.subscriptions.get(id) : undefined;
  if (!id || !destination)
    return d.registry.fail(
      connection,
      invalidFrame('UNSUBSCRIBE needs the id of a subscription'),
      frame,
    );
  d.registry.unsubscribe(connection, id, destination);
  return true;
}

async function handleSend(
  d: Dispatch,
  connection: Connection,
  frame: ClientFrame,
): Promise<boolean> {
  const { fail } = d.registry;
  const destination = frame.headers.get('destination') ?? '';
  const member = connection.member as ConnectedMember;
  for (const handler of d.options.sendHandlers) {
    const match = handler.destination.exec(destination);
    if (!match) continue;
    try {
      await handler.handle(member, match, frame.body);
    } catch (error) {
      if (error instanceof BrokerRefusal) return Boolean(fail(connection, error, frame));
      d.options.log.error({ err: error, connection: connection.id }, 'A SEND handler failed');
      return Boolean(fail(connection, E.UNEXPECTED_ERROR, frame, 1011));
    }
    return true;
  }
  const detail = `Cannot send to ${destination || 'no destination'}`;
  return Boolean(
    fail(connection, new BrokerRefusal(E.REALTIME_DESTINATION_UNKNOWN, detail), frame),
  );
}

/**
 * One frame: CONNECT (the handshake), SUBSCRIBE and UNSUBSCRIBE (the member's rules), SEND (the
 * handler of its destination), DISCONNECT; a receipt when asked for and done.
 */
async function handleFrame(
  d: Dispatch,
  connection: Connection,
  frame: ClientFrame,
  queryToken?: string,
) {
  const { fail, send } = d.registry;
  if (!connection.member && frame.command !== 'CONNECT' && frame.command !== 'STOMP') {
    return fail(connection, invalidFrame('The first frame must be CONNECT'), frame);
  }
  let done: true | undefined;
  switch (frame.command) {
    case 'CONNECT':
    case 'STOMP':
      if (connection.member) return fail(connection, invalidFrame('Already connected'), frame);
      return d.connect(connection, frame, queryToken);
    case 'SUBSCRIBE':
      done = subscribe(d, connection, frame);
      break;
    case 'UNSUBSCRIBE':
      done = unsubscribe(d, connection, frame);
      break;
    case 'SEND':
      if (!(await handleSend(d, connection, frame))) return;
      done = true;
      break;
    case 'ACK':
    case 'NACK':
      // Every subscription is ack:auto: there is nothing to acknowledge.
      done = true;
      break;
    case 'BEGIN':
    case 'COMMIT':
    case 'ABORT':
      return fail(connection, invalidFrame('Transactions are not supported'), frame);
    case 'DISCONNECT': {
      const receipt = frame.headers.get('receipt');
      if (receipt) send(connection, serializeFrame('RECEIPT', { 'receipt-id': receipt }));
      d.registry.forget(connection);
      connection.socket.close(1000);
      return;
    }
  }
  const receipt = frame.headers.get('receipt');
  if (done && receipt && !connection.closed) {
    send(connection, serializeFrame('RECEIPT', { 'receipt-id': receipt }));
  }
}

/** The frames waiting on a connection, one after the other, until none is left or it closes. */
async function handleWaiting(d: Dispatch, connection: Connection, queryToken: string | undefined) {
  connection.handling = true;
  for (let frame = connection.waiting.shift(); frame; frame = connection.waiting.shift()) {
    if (connection.closed) break;
    try {
      await handleFrame(d, connection, frame, queryToken);
    } catch (error) {
      d.options.log.error({ err: error, connection: connection.id }, 'A STOMP frame failed');
      d.registry.fail(connection, E.UNEXPECTED_ERROR, frame, 1011);
    }
  }
  connection.handling = false;
}

/**
 * Dispatch: reads a socket's bytes into frames, holds back a flooder, and handles the frames one
 * after the other (`handleFrame`).
 */
export function createDispatcher(
  registry: Dispatch['registry'],
  flood: Dispatch['flood'],
  connect: Dispatch['connect'],
  options: Dispatch['options'],
) {
  const d: Dispatch = { registry, flood, connect, options };
  const { fail } = registry;

  /** A WebSocket message: its frames wait their turn, unless the connection floods. */
  return function receive(
    connection: Connection,
    data: Buffer | ArrayBuffer | Buffer[],
    queryToken: string | undefined,
  ) {
    if (connection.closed) return;
    connection.lastReceivedAt = options.now();
    const message = Buffer.isBuffer(data)
      ? data
      : Array.isArray(data)
        ? Buffer.concat(data)
        : Buffer.from(data);
    let items: ReturnType<typeof connection.reader.push>;
    try {
      items = connection.reader.push(message);
    } catch (error) {
      if (error instanceof StompProtocolError) return fail(connection, invalidFrame(error.message));
      throw error;
    }
    for (const item of items) {
      if (item === 'heart-beat') continue;
      if (!flood.withinRate(connection)) {
        // A flooder that reconnects at once would make every reconnection cost the others.
        const memberId = connection.member?.memberId;
        if (memberId) flood.coolDown(memberId);
        return fail(
          connection,
          new BrokerRefusal(E.REALTIME_TOO_MANY_FRAMES, 'Too many frames: slow down'),
        );
      }
      connection.waiting.push(item);
    }
    if (!connection.handling) void handleWaiting(d, connection, queryToken);
  };
}
