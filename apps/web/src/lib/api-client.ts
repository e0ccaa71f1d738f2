import type { ErrorBody } from '@mawadda/contract';
import { session } from './session.ts';

/** A failed call: the status and the server's `{ message, errors }` when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | undefined;

  constructor(status: number, body: ErrorBody | undefined) {
    super(body?.message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The server's message when it gave one (spec section 8 shows it when present). */
  get serverMessage(): string | undefined {
    return this.body?.message;
  }
}

/** Thrown when the network itself failed (offline, server down): no status, no body. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

type Body = FormData | Record<string, unknown> | undefined;
type Options = { method?: string; body?: Body; signal?: AbortSignal };

let onSessionExpired: () => void = () => {
  window.location.assign('/');
};
/** The router registers how to go to login when a member's token is refused. */
export function setSessionExpiredHandler(handler: () => void) {
  onSessionExpired = handler;
}

/**
 * The one API client: sends the bearer token when there is one, parses the error body, and on a
 * 401 to a call that carried a token, ends the session and goes to login.
 */
export async function apiRequest<T>(path: string, options: Options = {}): Promise<T> {
  const token = session.token();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body: body ?? null,
      signal: options.signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const errorBody = await response.json().catch(() => undefined);
    if (response.status === 401 && token) {
      session.end();
      onSessionExpired();
    }
    throw new ApiError(response.status, errorBody as ErrorBody | undefined);
  }
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await response.json() : undefined) as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, signal ? { signal } : {}),
  post: <T>(path: string, body?: Body) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: Body) => apiRequest<T>(path, { method: 'PUT', body }),
};
