/**
 * The pass a suspended or banned member's sign-in answers (ADR 076): kept for the tab only, it
 * opens the statement of reasons and the appeal (/standing), nothing else. Login writes it, the
 * standing page reads it.
 */
const KEY = 'standingPass';

export const standingPass = {
  get: (): string | null => sessionStorage.getItem(KEY),
  set: (pass: string) => sessionStorage.setItem(KEY, pass),
  clear: () => sessionStorage.removeItem(KEY),
};

/** The pass a refusal of sign-in carries, when a moderator's decision was its cause. */
export function passOf(refusal: { code?: string; params?: Record<string, unknown> } | undefined) {
  const restricted = refusal?.code === 'ACCOUNT_SUSPENDED' || refusal?.code === 'ACCOUNT_BANNED';
  const pass = refusal?.params?.pass;
  return restricted && typeof pass === 'string' ? pass : undefined;
}
