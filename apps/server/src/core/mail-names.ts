import { titleCase } from '@mawadda/contract';
import type { MailName } from '../lib/bilingual-mail.ts';
import { CONTACT_DETAILS } from './member-texts.ts';
import { shieldBits } from './scam-rules.ts';

/**
 * A mail of ours is trusted as no message is: a link or a phone number a member typed as a name
 * ("Visit www.mawadda-support.example now") would reach the reader's inbox under Mawadda's own
 * sender. So a mail prints no name that sets off the scam shield's link or phone rule (ADR 043),
 * whoever typed it and however old their account; it says "Hello," or "a member" instead.
 */
const readsAsContact = (text: string) => (shieldBits(text) & CONTACT_DETAILS) !== 0;

/** A name a member typed (theirs, a guardian's), title-cased; none when it reads as a contact. */
export function mailName(typed: string): MailName | undefined {
  const name = titleCase(typed);
  return readsAsContact(name) ? undefined : (name as MailName);
}

/**
 * The first name of a name a member typed, as a mail names another person (the member who named
 * a guardian, who wrote, who matched); none when the name, or this word of it, reads as a contact.
 */
export function mailFirstName(typed: string): MailName | undefined {
  const first = mailName(typed)?.split(' ')[0];
  return first && !readsAsContact(first) ? (first as MailName) : undefined;
}
