/** The relationships module's public face: blocks and unmatches (the safety routes). */

export { relationshipsModule } from './relationships.module.ts';
export type { Relationships } from './relationships.service.ts';
