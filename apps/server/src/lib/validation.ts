import {
  ERROR_DEFAULT_PARAMS,
  type ErrorCode,
  errorText,
  type FieldError,
  isErrorCode,
} from '@mawadda/contract';
import type { z } from 'zod';
import { invalidFields } from './http-error.ts';

/**
 * A zod issue as the API reports it. The contract's schemas give codes as messages; an issue
 * without one (a rule zod adds by itself) is `INVALID_VALUE`, zod's own words as the message.
 */
export function fieldError(issue: { path: PropertyKey[] | string; message: string }): FieldError {
  const path = Array.isArray(issue.path) ? issue.path.map(String).join('.') : issue.path;
  if (!isErrorCode(issue.message)) {
    return { path, code: 'INVALID_VALUE' satisfies ErrorCode, message: issue.message };
  }
  const params = ERROR_DEFAULT_PARAMS[issue.message];
  return {
    path,
    code: issue.message,
    message: errorText(issue.message),
    ...(params ? { params } : {}),
  };
}

/** Parses input against a contract schema; a refusal names every field at fault. */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw invalidFields(result.error.issues.map(fieldError));
}
