import { FAMILY_OPINIONS_PER_DAY } from '@mawadda/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FirstContacts } from '../../core/first-contacts.ts';
import type { MemberTexts } from '../../core/member-texts.ts';
import type { WhoMayWrite } from '../../core/who-may-write.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { createDailyLimit, type DailyLimit } from '../../lib/daily-limit.ts';
import { createMailCap, type MailCap } from '../../lib/mail-cap.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import type { RateLimitStore } from '../../lib/rate-limiter.ts';
import type { ChatService } from '../chat/index.ts';
import type { UnsubscribeTokens } from '../digest/index.ts';
import type { ProfilesShown } from '../discovery/index.ts';
import type { Publish } from '../realtime/index.ts';

/** What family mode is built from (its module file, guardians.module.ts, gives it). */
export type GuardiansDeps = {
  db: Database;
  clock: Clock;
  limiter: RateLimitStore;
  mailer: Mailer;
  publicUrl: string;
  /** Profile photo links: the other members' pictures on the guardian's page. */
  photoLinks: MediaLinks;
  /** The notice lines written in conversations, and the messages a guardian reads, as the chat shows them. */
  chat: Pick<ChatService, 'contacts' | 'writeNotice' | 'messagesAs'>;
  /** The match's profile as the member sees it, shown to her guardian (ADR 078). */
  profiles: ProfilesShown;
  /** Tells the member's own tabs live that her family answered on a match (ADR 078). */
  publish: Publish;
  whoMayWrite: WhoMayWrite;
  /** A wali question to someone not in conversation yet takes a new conversation (ADR 043). */
  firstContacts: FirstContacts;
  /** Reads what a member types for others to read (a wali's contact, a guardian's name). */
  memberTexts: MemberTexts;
  /** Signs the one-click unsubscribe of a guardian's digest (its own purpose, ADR 038's secret). */
  unsubscribeTokens: UnsubscribeTokens;
  log: FastifyBaseLogger;
};

/**
 * Guardians one member may name a day, each an invitation mailed to an address of their choice:
 * two guardians and a few corrections, not a way to mail strangers.
 */
const GUARDIANS_ADDED_PER_DAY = 5;

/** Family mode's dependencies with the paces it made of them once. */
export type GuardiansContext = GuardiansDeps & {
  mailCap: MailCap;
  guardiansAdded: DailyLimit;
  opinionsAsked: DailyLimit;
};

export function guardiansContext(deps: GuardiansDeps): GuardiansContext {
  return {
    ...deps,
    mailCap: createMailCap(deps.limiter),
    guardiansAdded: createDailyLimit({
      limiter: deps.limiter,
      clock: deps.clock,
      name: 'guardians-added',
      max: GUARDIANS_ADDED_PER_DAY,
      code: 'GUARDIANS_DAILY_LIMIT',
    }),
    opinionsAsked: createDailyLimit({
      limiter: deps.limiter,
      clock: deps.clock,
      name: 'family-opinions',
      max: FAMILY_OPINIONS_PER_DAY,
      code: 'FAMILY_OPINIONS_DAILY_LIMIT',
    }),
  };
}

/** The guardian's page for one opinion on a match (ADR 078). */
export const familyOpinionPageUrl = (ctx: GuardiansContext, language: string, token: string) =>
  `${ctx.publicUrl}/${language}/guardian/opinion/${token}`;

/** The guardian's page, opened by a link's token, in the guardian's language. */
export const guardianPageUrl = (ctx: GuardiansContext, language: string, token: string) =>
  `${ctx.publicUrl}/${language}/guardian/${token}`;
