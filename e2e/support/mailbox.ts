import fs from 'node:fs';
import path from 'node:path';

/** The .eml files the server wrote to its outbox (no SMTP in the journeys), newest last. */
function outboxFiles(): string[] {
  const dir = path.join(process.env.MAWADDA_E2E_DATA_DIR ?? '', 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => path.join(dir, f));
}

/**
 * Undoes quoted-printable soft breaks and escapes so a link reads whole, and a French sentence
 * too: the escapes are UTF-8 bytes.
 */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Waits for a mail to `address` holding what `pattern` finds (a link, a sentence), and answers it. */
async function linkFor(address: string, pattern: RegExp, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of outboxFiles().reverse()) {
      const mail = decodeQuotedPrintable(fs.readFileSync(file, 'utf8'));
      if (!new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'mi').test(mail)) continue;
      const link = pattern.exec(mail)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail with such a link to ${address} in the outbox`);
}

/** Waits for a mail to `address` and answers the password reset link it carries. */
export function resetLinkFor(address: string, timeoutMs = 10_000): Promise<string> {
  return linkFor(address, /https?:\/\/[^\s"<]+\/reset-password\/[A-Za-z0-9_-]+/, timeoutMs);
}

/** Waits for a guardian's invitation to `address` and answers the link to their page. */
export function guardianLinkFor(address: string, timeoutMs = 10_000): Promise<string> {
  return linkFor(address, /https?:\/\/[^\s"<]+\/(?:fr|en)\/guardian\/[A-Za-z0-9_-]+/, timeoutMs);
}

/** Waits for a new-device mail to `address` and answers its link to the signed-in devices. */
export function sessionsLinkFor(address: string, timeoutMs = 10_000): Promise<string> {
  return linkFor(address, /https?:\/\/[^\s"<]+\/(?:fr|en)\/sessions\b/, timeoutMs);
}

/**
 * Waits for a statement of reasons to `address` (ADR 076) and answers the link to the community
 * guidelines it carries.
 */
export function statementGuidelinesLinkFor(address: string, timeoutMs = 10_000): Promise<string> {
  return linkFor(address, /https?:\/\/[^\s"<]+\/guidelines\b/, timeoutMs);
}

/** Waits for a request for an opinion on a match to `address` and answers its link (ADR 078). */
export function familyOpinionLinkFor(address: string, timeoutMs = 10_000): Promise<string> {
  return linkFor(
    address,
    /https?:\/\/[^\s"<]+\/(?:fr|en)\/guardian\/opinion\/[A-Za-z0-9_-]+/,
    timeoutMs,
  );
}

/** Waits for a mail to `address` holding `sentence` (a receipt, an outcome: ADR 079). */
export async function mailSaying(address: string, sentence: string, timeoutMs = 10_000) {
  await linkFor(address, new RegExp(sentence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), timeoutMs);
}
