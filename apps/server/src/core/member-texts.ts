import { errorText, type FieldError } from '@mawadda/contract';
import type { Executor } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { HttpError } from '../lib/http-error.ts';
import { type AccountAge, accountAgeOf, isNewAccount } from './new-account.ts';
import { SHIELD_BITS, shieldBits } from './scam-rules.ts';

/** Bits a new account may not show others (ADR 043): a link, a phone number. */
export const CONTACT_DETAILS = SHIELD_BITS.link | SHIELD_BITS.phone;

/** Texts a member shows others, by the field (the form's path) they were typed in. */
export type ShownTexts = Record<string, string | null | undefined>;

/**
 * What a profile shows other members that its owner typed, by the form's field: a form being
 * sent or a stored member alike.
 */
export function profileTexts(profile: {
  name: string;
  bio?: string | null | undefined;
  profession?: string | null | undefined;
  location?: string | null | undefined;
}): ShownTexts {
  return {
    name: profile.name,
    bio: profile.bio,
    profession: profile.profession,
    location: profile.location,
  };
}

/**
 * The one reading of every text a member shows others (ADR 043): a message, a name, a bio, a
 * profession, a guardian's name, a wali's answer. The scam shield's rules flag it for its
 * readers, and a new account's link or phone number is refused before anything is stored, at
 * the field it was typed in, whichever way it came.
 */
export function createMemberTexts(deps: {
  db: Executor;
  clock: Clock;
  /** Off: texts are not read by the rules (the chat bench compares the two). */
  shieldEnabled: boolean;
  /** How long an account is new, unless verified. */
  newAccountMs: number;
}) {
  const hours = Math.round(deps.newAccountMs / 3_600_000);

  /** The rules a text sets off, as bits; 0 with the shield off. */
  function read(text: string | null | undefined): number {
    return deps.shieldEnabled ? shieldBits(text) : 0;
  }

  return {
    read,

    /** The rules any of the texts sets off, as bits. */
    readAll(texts: ShownTexts): number {
      let bits = 0;
      for (const text of Object.values(texts)) bits |= read(text);
      return bits;
    },

    /**
     * Reads the texts of `author` (a member's id, or the age of an account being made): 403
     * `NEW_ACCOUNT_CONTACT_DETAILS` for a new account's link or number, each field at fault
     * named; otherwise the rules they set off, as bits. The author's age is read only when a
     * text holds contact details, so a plain text costs the rules alone.
     */
    async check(author: string | AccountAge, texts: ShownTexts): Promise<number> {
      let bits = 0;
      const contactDetailsIn: string[] = [];
      for (const [path, text] of Object.entries(texts)) {
        const found = read(text);
        bits |= found;
        if ((found & CONTACT_DETAILS) !== 0) contactDetailsIn.push(path);
      }
      if (contactDetailsIn.length === 0) return bits;
      const age = typeof author === 'string' ? await accountAgeOf(deps.db, author) : author;
      if (age === undefined || !isNewAccount(age, deps.clock.now(), deps.newAccountMs)) {
        return bits;
      }
      const params = { hours };
      const message = errorText('NEW_ACCOUNT_CONTACT_DETAILS', params);
      const errors: FieldError[] = contactDetailsIn.map((path) => ({
        path,
        code: 'NEW_ACCOUNT_CONTACT_DETAILS',
        message,
        params,
      }));
      throw new HttpError(403, 'NEW_ACCOUNT_CONTACT_DETAILS', { params, errors });
    },
  };
}

export type MemberTexts = ReturnType<typeof createMemberTexts>;
