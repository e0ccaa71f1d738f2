export type FieldError = { path: string; message: string };

/** An error whose message a member can act on; the one error handler turns it into the body. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    message: string,
    options: { errors?: FieldError[]; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }
}

export const badRequest = (message: string, errors?: FieldError[]) =>
  new HttpError(400, message, errors ? { errors } : {});
export const unauthorized = (message: string) => new HttpError(401, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

export function tooManyRequests(retryAfterMs: number, action: string): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new HttpError(
    429,
    `Too many ${action}. Please try again in ${minutes} minute${minutes > 1 ? 's' : ''}.`,
    { headers: { 'retry-after': String(Math.ceil(retryAfterMs / 1000)) } },
  );
}
