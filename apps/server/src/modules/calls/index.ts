/** The calls module's public face: WebRTC call signalling over STOMP, and the ICE servers. */
export { type CallStore, createMemoryCallStore, createRedisCallStore } from './call-store.ts';
export { callsModule } from './calls.module.ts';
export type { CallsService } from './calls.service.ts';
