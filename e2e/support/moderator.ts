import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { Member } from './members.ts';

/**
 * A moderator of the journeys. Nobody can become one in the app, so `seed-moderator.ts` writes
 * these accounts, with the role, before the server opens the database; each spec file has its
 * own, so that no two workers take codes of one authenticator app at once. `totpSecret`: the
 * authenticator app seeded with the account (ADR 074), base32.
 */
export type Moderator = Member & { totpSecret?: string; role?: 'senior-moderator' };

/** moderation.spec.ts */
export const MODERATOR: Moderator = {
  username: 'moderator@e2e.mawadda.test',
  password: 'a long enough moderator password',
  name: 'Mariam Moderator',
  gender: 'femme',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};

/** verification.spec.ts */
export const SELFIE_MODERATOR: Moderator = {
  username: 'selfie-moderator@e2e.mawadda.test',
  password: 'a long enough moderator password',
  name: 'Samira Moderator',
  gender: 'femme',
  totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU',
};

/** safety.spec.ts */
export const SAFETY_MODERATOR: Moderator = {
  username: 'safety-moderator@e2e.mawadda.test',
  password: 'a long enough moderator password',
  name: 'Salim Moderator',
  gender: 'homme',
  totpSecret: 'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U',
};

/** second-factor.spec.ts: no second factor yet, the journey sets one up. */
export const NEW_MODERATOR: Moderator = {
  username: 'new-moderator@e2e.mawadda.test',
  password: 'a long enough moderator password',
  name: 'Nadia Moderator',
  gender: 'femme',
};

/** moderation-appeals.spec.ts: decides, then its decision is appealed. */
export const APPEALS_MODERATOR: Moderator = {
  username: 'appeals-moderator@e2e.mawadda.test',
  password: 'a long enough moderator password',
  name: 'Malick Moderator',
  gender: 'homme',
  totpSecret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
};

/** public-report.spec.ts: decides on reports from anyone (ADR 079), in English and in French. */
export const PUBLIC_REPORT_MODERATOR: Moderator = {
  username: 'public-report-moderator@e2e.mawadda.test',
  password: 'a long enough moderator password',
  name: 'Hawa Moderator',
  gender: 'femme',
  totpSecret: 'OB2WE3DJMMWXEZLQN5ZHILLNN5SGK4TB',
};

/** A senior moderator (ADR 076), a second pair of eyes: answers the appeals of others' decisions. */
export const SENIOR_MODERATOR: Moderator = {
  username: 'senior-moderator@e2e.mawadda.test',
  password: 'a long enough senior moderator password',
  name: 'Safiya Senior',
  gender: 'femme',
  totpSecret: 'ONSWG4TFORZWC3DUONSWG4TFORZWC3DU',
  role: 'senior-moderator',
};

/** moderation-queue.spec.ts: works the queue at a glance, comments and escalates (ADR 080). */
export const QUEUE_MODERATOR: Moderator = {
  username: 'queue-moderator@e2e.mawadda.test',
  password: 'a long enough moderator password',
  name: 'Khady Moderator',
  gender: 'femme',
  totpSecret: 'MZXW6YTBOJRGC4TBMZXW6YTBOJRGC4TB',
};

/** moderation-queue.spec.ts: the senior moderator who reverses, in French. */
export const QUEUE_SENIOR_MODERATOR: Moderator = {
  username: 'queue-senior@e2e.mawadda.test',
  password: 'a long enough senior moderator password',
  name: 'Ousmane Senior',
  gender: 'homme',
  totpSecret: 'NBSWY3DPO5XXE3DENBSWY3DPO5XXE3DE',
  role: 'senior-moderator',
};

export const SEEDED_MODERATORS = [
  MODERATOR,
  SELFIE_MODERATOR,
  SAFETY_MODERATOR,
  NEW_MODERATOR,
  APPEALS_MODERATOR,
  SENIOR_MODERATOR,
  PUBLIC_REPORT_MODERATOR,
  QUEUE_MODERATOR,
  QUEUE_SENIOR_MODERATOR,
];

const PERIOD_S = 30;
/** The last step each secret gave a code for in this worker: the server takes each code once. */
const lastSteps = new Map<string, number>();

/**
 * The code an authenticator app holding `secret` shows now, as the server counts (RFC 6238,
 * SHA-1, 6 digits, 30 s). Never the same step twice: a second proof in one step waits for the
 * next, as a moderator would; a step about to end is skipped too, so the code is still valid
 * when it arrives.
 */
export async function totpCode(secret: string): Promise<string> {
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / 1000 / PERIOD_S);
    const left = (step + 1) * PERIOD_S * 1000 - now;
    if (step > (lastSteps.get(secret) ?? -1) && left > 3000) {
      lastSteps.set(secret, step);
      return TOTP.generate({
        secret: Secret.fromBase32(secret.replace(/\s/g, '')),
        algorithm: 'SHA1',
        digits: 6,
        period: PERIOD_S,
        timestamp: now,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, left + 100));
  }
}

const PROMPT = {
  en: { heading: 'Confirm it is you', submit: 'Confirm' },
  fr: { heading: 'Confirmez que c’est vous', submit: 'Confirmer' },
};

/** On the moderation page, the moderator proves their app's code for this session. */
export async function proveSecondFactor(
  page: Page,
  moderator: Moderator,
  language: 'en' | 'fr' = 'en',
) {
  if (!moderator.totpSecret) throw new Error(`${moderator.username} has no authenticator app`);
  const words = PROMPT[language];
  await expect(page.getByRole('heading', { level: 1, name: words.heading })).toBeVisible();
  await page.getByRole('textbox', { name: 'Code' }).fill(await totpCode(moderator.totpSecret));
  await page.getByRole('button', { name: words.submit }).click();
}

/** A moderator's session through the API, with the app's code proved in it. */
export async function moderatorToken(request: APIRequestContext, moderator: Moderator) {
  if (!moderator.totpSecret) throw new Error(`${moderator.username} has no authenticator app`);
  const login = await request.post('/api/auth/login', {
    data: { username: moderator.username, password: moderator.password },
  });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const proved = await request.post('/api/auth/second-factor/prove', {
    data: { code: await totpCode(moderator.totpSecret) },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(proved.ok(), await proved.text()).toBe(true);
  return token;
}
