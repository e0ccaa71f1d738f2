/** The relationships module's public face: blocks and unmatches (the safety routes). */
export { safetyRoutes } from './relationships.routes.ts';
export { createRelationships, type Relationships } from './relationships.service.ts';
