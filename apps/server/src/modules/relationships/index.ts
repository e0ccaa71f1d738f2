/** The relationships module's public face: blocks and unmatches (the safety routes). */

export { relationshipsModule } from './relationships.module.ts';
export { safetyRoutes } from './relationships.routes.ts';
export { createRelationships, type Relationships } from './relationships.service.ts';
