import { z } from 'zod';

/**
 * Field helpers that read the same value from a JSON body, a multipart form (everything a string)
 * or a react-hook-form state. Spec section 3: empty or null values are left out, so '' and null
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
export function requiredField<T extends z.ZodType<unknown, any>>(schema: T, message: string) {
  return z
    .preprocess(
      blankToUndefined,
      z.unknown().refine((v) => v !== undefined, message),
    )
    .pipe(schema);
}

export function formNumber(message: string) {
  return z.coerce.number({ error: message }).refine(Number.isFinite, message);
}

export function formBoolean(message: string) {
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
