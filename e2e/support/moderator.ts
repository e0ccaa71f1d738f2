import type { Member } from './members.ts';

/**
 * The moderator of the journeys. Nobody can become one in the app, so `seed-moderator.ts` writes
 * this account, with the role, before the server opens the database.
 */
export const MODERATOR: Member = {
  username: 'moderator@e2e.mawadda.test',
  password: 'a long enough moderator password',
  name: 'Mariam Moderator',
  gender: 'femme',
};

/** A senior moderator (ADR 076), a second pair of eyes: answers the appeals of MODERATOR's decisions. */
export const SENIOR_MODERATOR: Member = {
  username: 'senior-moderator@e2e.mawadda.test',
  password: 'a long enough senior moderator password',
  name: 'Safiya Senior',
  gender: 'femme',
};
