import './zod-config.ts';
import { z } from 'zod';
import { E, type ErrorCode } from './error-codes.ts';

/**
 * Field helpers that read the same value from a JSON body, a multipart form (everything a string)
 * or a react-hook-form state. docs/spec.md §3: empty or null values are left out, so '' and null
 * read as absent.
 */

const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

/** A field that may be absent; present-but-blank counts as absent. */
export function optionalField<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToUndefined, schema.optional());
}

/** A required field whose absence (or blankness) reads `message`. */
// The inner schema may take any input: the refine before it has already ruled out `undefined`.
// biome-ignore lint/suspicious/noExplicitAny: zod's pipe needs an input type wider than `unknown`.
export function requiredField<T extends z.ZodType<unknown, any>>(schema: T, message: ErrorCode) {
  return z
    .preprocess(
      blankToUndefined,
      z.unknown().refine((v) => v !== undefined, message),
    )
    .pipe(schema);
}

/**
 * Plain decimal notation and nothing else: `12`, `-3.5`. `Number()` also reads `0x10`, `1e1`,
 * ` 5 `, `+5`, `.5`, `Infinity` and even '' (as 0): a query string like `page=0x10` or `lat=`
 * must be refused, not read as 16 or 0.
 */
const DECIMAL = /^-?\d+(\.\d+)?$/;
const WHOLE = /^-?\d+$/;

type Range = { min?: number; max?: number };

/**
 * The one reader of numbers sent as text (query strings, multipart fields) or in a JSON body: a
 * JSON number, or a string of plain decimal notation; anything else reads `message`. `whole`
 * also wants a safe integer; `min` and `max` bound it, with the same message.
 */
function strictNumber(message: ErrorCode, notation: RegExp, whole: boolean, range: Range) {
  let number = whole ? z.int({ error: message }) : z.number({ error: message });
  if (range.min !== undefined) number = number.min(range.min, message);
  if (range.max !== undefined) number = number.max(range.max, message);
  return z.preprocess(
    (v) => (typeof v === 'string' ? (notation.test(v) ? Number(v) : Number.NaN) : v),
    number,
  );
}

/** A decimal number of a query string or a JSON body (`lat=14.7`). */
export function decimalNumber(message: ErrorCode, range: Range = {}) {
  return strictNumber(message, DECIMAL, false, range);
}

/** A whole number of a query string or a JSON body (`page=2`, `"giftId": 1`). */
export function wholeNumber(message: ErrorCode, range: Range = {}) {
  return strictNumber(message, WHOLE, true, range);
}

/**
 * A number a person typed in a form: the same reader, once the spaces around it are trimmed
 * (a form field keeps what a phone keyboard adds).
 */
export function formNumber(message: ErrorCode) {
  return z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), decimalNumber(message));
}

// Tabs and line breaks are text in a bio; every other C0 control, and DEL, is not.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const CONTROL_OR_BREAK = /[\u0000-\u001F\u007F]/;

/**
 * Free text a member writes, trimmed. Control characters are refused: PostgreSQL cannot store NUL, and
 * the others only ever come from tools probing the server, never from a person typing.
 */
export function memberText(options: { multiline?: boolean } = {}) {
  const forbidden = options.multiline ? CONTROL : CONTROL_OR_BREAK;
  return z
    .string()
    .trim()
    .refine((v) => !forbidden.test(v), E.CONTROL_CHARACTERS);
}

/**
 * What only changes how a text is shown: direction marks, embeddings, overrides and isolates,
 * zero-width spaces and joiners of words, the byte order mark. In a name they let one read as
 * another (`Moussa \u202eevil\u202c` draws reversed). The zero-width joiner and non-joiner stay:
 * some scripts need them to spell a name.
 */
const INVISIBLE_FORMATTING =
  /[\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;

/** A name a member gives (their own, a guardian's): member text without invisible formatting. */
export function personName() {
  return memberText().refine((v) => !INVISIBLE_FORMATTING.test(v), E.NAME_INVISIBLE_CHARACTERS);
}

export function formBoolean(message: ErrorCode) {
  return z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      const s = v.trim().toLowerCase();
      if (['true', 'on', '1', 'yes'].includes(s)) return true;
      if (['false', 'off', '0', 'no'].includes(s)) return false;
      return v;
    },
    z.boolean({ error: message }),
  );
}

/** A list sent as repeated multipart fields, a JSON array, a JSON-encoded string or one value. */
export function formList<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return [];
    if (typeof v === 'string' && v.trim().startsWith('[')) {
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    }
    return Array.isArray(v) ? v : [v];
  }, z.array(item));
}
