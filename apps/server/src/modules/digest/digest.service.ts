import { endpointRoutes } from '@mawadda/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest } from '../../lib/http-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { runEvery } from '../../lib/run-every.ts';
import { digestMail, hasConversationNews } from './digest.mail.ts';
import { claimDueDigests, memberExists, releaseDigest } from './digest.repository.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

/** Members claimed and mailed per statement: a run goes on while batches come back full. */
const BATCH = 200;

export type DigestService = ReturnType<typeof createDigestService>;

/**
 * The e-mail digest (ADR 038): for members no device of whom can be pushed to, what
 * they missed while away, mailed at most once a day; and the one-click unsubscribe.
 */
export function createDigestService(deps: {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  delayMs: number;
  tokens: UnsubscribeTokens;
  /** Turns the member's `emailDigest` setting off (the push module keeps the settings). */
  stopEmailDigest(memberId: string): Promise<void>;
}) {
  const { db, clock, log } = deps;

  const unsubscribeUrl = (memberId: string) =>
    `${deps.publicUrl}${endpointRoutes.unsubscribeDigest.path}?token=${deps.tokens.tokenFor(memberId)}`;

  /**
   * Mails every member due a digest now; how many were sent. A mail that fails ends the run (the
   * mailer is likely down): its claim is undone and the next run tries again.
   */
  async function run(): Promise<number> {
    let sent = 0;
    let failed = false;
    for (;;) {
      const now = clock.now();
      const due = await claimDueDigests(db, { now, delayMs: deps.delayMs, batch: BATCH });
      for (const digest of due) {
        try {
          await deps.mailer.send(
            digestMail({
              to: digest.email,
              name: digest.name,
              language: digest.language,
              news: digest,
              appUrl: `${deps.publicUrl}/${digest.language}/${hasConversationNews(digest) ? 'chat' : 'suggestions'}`,
              unsubscribeUrl: unsubscribeUrl(digest.memberId),
            }),
          );
          sent++;
        } catch (err) {
          log.error({ err, memberId: digest.memberId }, 'Could not send an e-mail digest');
          await releaseDigest(db, digest, now);
          failed = true;
        }
      }
      if (failed || due.length < BATCH) return sent;
    }
  }

  return {
    run,

    /** Runs every `everyMs` on this node; the claim keeps nodes from mailing a member twice. */
    start(everyMs: number) {
      return runEvery(everyMs, run, (err) => log.error({ err }, 'The e-mail digest run failed'));
    },

    /**
     * The one-click unsubscribe: the digest goes off for the member the token names, as often as
     * it is used. A token the server did not sign is refused; an account deleted since has
     * nothing left to turn off.
     */
    async unsubscribe(token: string): Promise<void> {
      const memberId = deps.tokens.memberOf(token);
      if (!memberId) throw badRequest('UNSUBSCRIBE_LINK_INVALID');
      if (await memberExists(db, memberId)) await deps.stopEmailDigest(memberId);
    },

    /** Whether a link's token was signed by the server (the page shows its button only then). */
    validToken: (token: string) => deps.tokens.memberOf(token) !== undefined,
  };
}
