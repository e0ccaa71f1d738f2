import { type ErrorCode, type ErrorParams, errorText, type FieldError } from '@mawadda/contract';

/**
 * A refusal a member can act on: a stable code (the web app translates it), its params, and the
 * English text of the code as the message. The one error handler turns it into the body.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly params: ErrorParams | undefined;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    code: ErrorCode,
    options: {
      params?: ErrorParams;
      errors?: FieldError[];
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(errorText(code, options.params), { cause: options.cause });
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
    this.params = options.params;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }
}

export const badRequest = (code: ErrorCode, params?: ErrorParams) =>
  new HttpError(400, code, params ? { params } : {});
export const unauthorized = (code: ErrorCode) => new HttpError(401, code);
export const notFound = (code: ErrorCode) => new HttpError(404, code);

/** A refused form: the first field's code leads, every field keeps its own. */
export function invalidFields(errors: FieldError[]): HttpError {
  const first = errors[0];
  return new HttpError(400, (first?.code as ErrorCode | undefined) ?? 'INVALID_VALUE', {
    ...(first?.params ? { params: first.params } : {}),
    errors,
  });
}

/**
 * `RATE_LIMITED`, or a limit's own code: when to try again, in seconds (`Retry-After`) and in
 * minutes for the text.
 */
export function tooManyRequests(retryAfterMs: number, code: ErrorCode = 'RATE_LIMITED'): HttpError {
  const retryAfter = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(429, code, {
    params: { retryAfter, minutes: Math.max(1, Math.ceil(retryAfter / 60)) },
    headers: { 'retry-after': String(retryAfter) },
  });
}
