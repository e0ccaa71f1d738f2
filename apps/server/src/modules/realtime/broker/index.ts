/** The broker's face inside the realtime module. */
export { BrokerRefusal, invalidFrame, jsonBody } from './refusal.ts';
export { createStompBroker, type StompBroker } from './stomp-broker.ts';
export type { BrokerMember, BrokerSession, ConnectedMember, SendHandler } from './types.ts';
