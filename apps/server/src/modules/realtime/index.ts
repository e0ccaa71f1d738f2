/**
 * The realtime module's public face: the STOMP broker and its routes, presence, the backplane
 * between nodes, and the outlet other modules publish through (typed by the contract's topics).
 */
export { type Backplane, createLocalBackplane, createRedisBackplane } from './backplane.ts';
export {
  BrokerRefusal,
  type ConnectedMember,
  invalidFrame,
  jsonBody,
  type SendHandler,
} from './broker/index.ts';
export type { Publish, RealtimeOutlet, SessionsTarget } from './outlet.ts';
export type { PresenceService } from './presence.service.ts';
export {
  createMemoryPresenceStore,
  createRedisPresenceStore,
  type PresenceStore,
} from './presence-store.ts';
export { realtimeBrokerModule, realtimeModule } from './realtime.module.ts';
export type { RealtimeService } from './realtime.service.ts';
