/**
 * The relationships module's public face: blocks and unmatches (the safety routes), close
 * kindly, exclusive mode and the news of a match (ADR 069, 070).
 */

export type { MatchUpdate, MatchUpdateEvent } from './match-updates.ts';
export { relationshipsModule } from './relationships.module.ts';
export type { Relationships } from './relationships.service.ts';
