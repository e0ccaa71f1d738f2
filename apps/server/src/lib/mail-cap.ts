import { type Limit, type RateLimitStore, takeSlots } from './rate-limiter.ts';

const ONE_HOUR = 60 * 60 * 1000;
const ONE_DAY = 24 * ONE_HOUR;

/** A number of mails an hour and a day. */
export type MailAllowance = { perHour: number; perDay: number };

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
  return {
    /**
     * Counts one mail to `address` (of `kind`, when it has a share) and says whether it may go.
     * Called only once the mail would be sent, after the answer: whether it goes tells nothing to
     * whoever made the request.
     */
    async take(address: string, kind?: { name: string } & MailAllowance): Promise<boolean> {
      const key = address.trim().toLowerCase();
      const limits = [
        ...limitsOf('mail-to', MAILS_TO_ONE_ADDRESS),
        ...(kind ? limitsOf(`mail-${kind.name}`, kind) : []),
      ];
      const slots = await takeSlots(
        limiter,
        limits.map((limit) => ({ limit, key })),
      );
      return slots.taken;
    },
  };
}

export type MailCap = ReturnType<typeof createMailCap>;
