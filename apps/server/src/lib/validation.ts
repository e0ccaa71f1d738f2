import type { z } from 'zod';
import { badRequest } from './http-error.ts';

/** Parses input against a contract schema; the first issue becomes the message a member reads. */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
  throw badRequest(errors[0]?.message ?? 'Invalid request', errors);
}
