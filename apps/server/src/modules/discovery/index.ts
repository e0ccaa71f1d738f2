/** The discovery module's public face: suggestions, member details, search preferences. */

export { discoveryModule } from './discovery.module.ts';
export { discoveryRoutes } from './discovery.routes.ts';
export { createDiscoveryService, type DiscoveryService } from './discovery.service.ts';
