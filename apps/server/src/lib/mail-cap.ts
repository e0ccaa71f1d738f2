import { countEvents, type Limit, type RateLimitStore, takeSlots } from './rate-limiter.ts';

const ONE_HOUR = 60 * 60 * 1000;
const ONE_DAY = 24 * ONE_HOUR;

/** A number of mails an hour and a day. */
export type MailAllowance = { perHour: number; perDay: number };
/** A kind of mail with its share of what one address may receive. */
export type MailShare = { name: string } & MailAllowance;

/**
 * What one address may receive from us, all kinds of mail together: requests that name an
 * address (a registration, a password reset) are made by anyone, so the inbox they reach needs a
 * cap of its own, whatever the addresses they come from.
 */
export const MAILS_TO_ONE_ADDRESS: MailAllowance = { perHour: 5, perDay: 10 };

const limitsOf = (name: string, allowance: MailAllowance): Limit[] => [
  { name: `${name}-hour`, max: allowance.perHour, windowMs: ONE_HOUR },
  { name: `${name}-day`, max: allowance.perDay, windowMs: ONE_DAY },
];

/**
 * The cap on the mails one address receives, shared by every module that mails on a stranger's
 * request: the counters live in the rate-limit store (one node or all of them), keyed by address.
 * A kind of mail may have a smaller share of its own, so one kind cannot use up what another
 * (a reset the owner asked for) still needs.
 */
export function createMailCap(limiter: RateLimitStore) {
  const checksOf = (address: string, limits: Limit[]) => {
    const key = address.trim().toLowerCase();
    return limits.map((limit) => ({ limit, key }));
  };
  return {
    /**
     * Counts one mail to `address` (of `kind`, when it has a share) and says whether it may go.
     * Called only once the mail would be sent, after the answer: whether it goes tells nothing to
     * whoever made the request.
     */
    async take(address: string, kind?: MailShare): Promise<boolean> {
      const limits = [
        ...limitsOf('mail-to', MAILS_TO_ONE_ADDRESS),
        ...(kind ? limitsOf(`mail-${kind.name}`, kind) : []),
      ];
      const slots = await takeSlots(limiter, checksOf(address, limits));
      return slots.taken;
    },

    /**
     * Counts one mail to `address` that a member asks for and is answered about (a guardian's
     * invitation, ADR 045): refused by the kind's share alone, saying how long until the share
     * has room again. The address's total counts it all the same but never refuses it: the
     * total also holds mails only a member's address receives (a reset, a registration attempt),
     * so a refusal by it would tell the asker that the address is a member's.
     */
    async takeShare(
      address: string,
      kind: MailShare,
    ): Promise<{ taken: true } | { taken: false; retryAfterMs: number }> {
      const share = await takeSlots(
        limiter,
        checksOf(address, limitsOf(`mail-${kind.name}`, kind)),
      );
      if (!share.taken) return share;
      await countEvents(limiter, checksOf(address, limitsOf('mail-to', MAILS_TO_ONE_ADDRESS)));
      return { taken: true };
    },
  };
}

export type MailCap = ReturnType<typeof createMailCap>;
