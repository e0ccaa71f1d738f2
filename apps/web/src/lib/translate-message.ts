import type { TFunction } from 'i18next';

/**
 * Server and contract messages are English sentences (`{ message }` bodies, zod issues). The
 * `messages` namespace maps each of them, as its own key, to the member's language.
 */
const LOOKUP = { ns: 'messages', keySeparator: false, nsSeparator: false } as const;
const MISSING = '\u0000missing';

type Translate = TFunction | ((key: string, options: Record<string, unknown>) => string);

/** Messages that carry a number or a name: the key holds a placeholder in its place. */
const TEMPLATES: {
  pattern: RegExp;
  key: (m: RegExpMatchArray) => string;
  values: (m: RegExpMatchArray) => Record<string, unknown>;
}[] = [
  {
    // lib/http-error.ts tooManyRequests: `Too many ${action}. Please try again in N minute(s).`
    pattern: /^Too many (.+)\. Please try again in (\d+) minutes?\.$/,
    key: (m) => `Too many ${m[1]}. Please try again in {{count}} minutes.`,
    values: (m) => ({ count: Number(m[2]) }),
  },
  {
    // users/photo-processor.ts: `Photo N (file name) is not an image we can read. ...`
    pattern: /^Photo (\d+) \((.*)\) is not an image we can read\. (.+)$/,
    key: (m) => `Photo {{index}} ({{name}}) is not an image we can read. ${m[3]}`,
    values: (m) => ({ index: m[1], name: m[2] }),
  },
];

function lookup(t: Translate, key: string, values: Record<string, unknown> = {}) {
  const translated = (t as (key: string, options: Record<string, unknown>) => string)(key, {
    ...LOOKUP,
    ...values,
    defaultValue: MISSING,
  });
  return translated === MISSING ? undefined : translated;
}

/** The message in the member's language, or undefined when the namespace does not know it. */
export function knownMessage(t: Translate, message: string): string | undefined {
  const exact = lookup(t, message);
  if (exact !== undefined) return exact;
  for (const template of TEMPLATES) {
    const match = message.match(template.pattern);
    if (match) return lookup(t, template.key(match), template.values(match));
  }
  return undefined;
}

/** The message in the member's language; an unknown message is shown as the server wrote it. */
export function translateMessage(t: Translate, message: string): string {
  return knownMessage(t, message) ?? message;
}
