import type { Member } from './members.ts';

/**
 * A member registered before the consent to the processing of data revealing religion was asked
 * (as the migration left them: no consent). Registration now requires it, so
 * `seed-older-member.ts` writes this account before the server opens the database.
 */
export const OLDER_MEMBER: Member = {
  username: 'older.member@e2e.mawadda.test',
  password: 'a long enough older password',
  name: 'Hawa Ndiaye',
  gender: 'femme',
};
