/** The discovery module's public face: suggestions, member details, search preferences. */

export { discoveryModule } from './discovery.module.ts';
export type { DiscoveryService, ProfilesShown } from './discovery.service.ts';
