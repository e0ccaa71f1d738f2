import type { EndpointAnswer, EndpointName, EndpointRequest, ErrorBody } from '@mawadda/contract';
import { endpointPath, endpointRoutes } from '@mawadda/contract/endpoint-routes';
import { dataSaver } from './data-saver.ts';
import { dropEarlyAnswers, takeEarlyAnswer } from './early-answers.ts';
import { session } from './session.ts';

/** A failed call: the status and the server's coded refusal when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | undefined;

  constructor(status: number, body: ErrorBody | undefined) {
    super(body?.message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The refusal's stable code (`@mawadda/contract/error-codes`); translate it, never `message`. */
  get code(): string | undefined {
    return this.body?.code;
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
type Options = {
  method?: string;
  body?: Body;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/** The refusals of a member's token that say a moderator suspended or closed the account. */
const ACCOUNT_CLOSED = new Set(['ACCOUNT_SUSPENDED', 'ACCOUNT_BANNED']);

let onSessionExpired: (closedBy?: ErrorBody) => void = () => {
  window.location.assign('/');
};
/**
 * The router registers how to go to login when a member's token is refused: `closedBy` is the
 * refusal when a suspension or a ban ended the session, for the screen that says so.
 */
export function setSessionExpiredHandler(handler: (closedBy?: ErrorBody) => void) {
  onSessionExpired = handler;
}

/**
 * The one API client: sends the bearer token when there is one and the app's language, parses the error body, and when
 * a call that carried the session's token is refused for it (401, or 403 `ACCOUNT_SUSPENDED` /
 * `ACCOUNT_BANNED`: the session ended under the member), ends the session and goes to login,
 * once; on a 403 `CONSENT_REQUIRED`, the member area asks for the consent.
 */
export async function send(path: string, options: Options & { accept: string }): Promise<Response> {
  const token = session.token();
  const headers: Record<string, string> = { ...options.headers, accept: options.accept };
  // The server writes what it sends later (push notifications, e-mails) in the language of the
  // member's last request: i18n keeps it on <html lang>.
  const language = document.documentElement.lang;
  if (language) headers['accept-language'] = language;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const method = options.method ?? (body ? 'POST' : 'GET');
  if (method !== 'GET') dropEarlyAnswers();
  const early = method === 'GET' && token ? takeEarlyAnswer(path, token) : undefined;
  let response: Response;
  try {
    response = await (early ??
      fetch(path, { method, headers, body: body ?? null, signal: options.signal ?? null }));
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
  dataSaver.noteAnswer(response);
  if (!response.ok) {
    const errorBody: ErrorBody | undefined = await response.json().catch(() => undefined);
    const closed = response.status === 403 && ACCOUNT_CLOSED.has(errorBody?.code ?? '');
    // Several calls out at once are refused alike: the first ends the session, the rest find it gone.
    if ((response.status === 401 || closed) && token && session.token() === token) {
      session.end();
      onSessionExpired(closed ? errorBody : undefined);
    }
    if (response.status === 403 && token && errorBody?.code === 'CONSENT_REQUIRED') {
      session.requireConsent();
    }
    throw new ApiError(response.status, errorBody);
  }
  return response;
}

/** A JSON call through the one client (`send`). */
async function apiRequest<T>(path: string, options: Options = {}): Promise<T> {
  const response = await send(path, { ...options, accept: 'application/json' });
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await response.json() : undefined) as T;
}

type CallInput = {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  form?: FormData;
  headers?: Record<string, string>;
};

type Route = { readonly method: string; readonly path: string };

/** What a call to endpoint `K` takes: its input when it has one, and an abort signal. */
type CallArguments<K extends EndpointName> =
  Record<never, never> extends EndpointRequest<K>
    ? [input?: EndpointRequest<K> & ExtraHeaders, signal?: AbortSignal]
    : [input: EndpointRequest<K> & ExtraHeaders, signal?: AbortSignal];
/** Request headers a call adds to the client's own (`x-realtime-session` of a chat message). */
type ExtraHeaders = { headers?: Record<string, string> };

/**
 * A caller of the endpoints of one map of the contract's (`@mawadda/contract/*-endpoint-routes`):
 * the path, the method, what it takes and what it answers all come from the contract, so no call
 * re-declares a shape or casts an answer, and a name outside the map does not compile. A lazy
 * feature makes its own caller from its own map, which keeps those paths out of the first route
 * (ADR 045).
 */
export function endpointCaller<Routes extends { [K in keyof Routes]: Route }>(routes: Routes) {
  return function call<K extends keyof Routes & EndpointName>(
    name: K,
    ...[input, signal]: CallArguments<K>
  ): Promise<EndpointAnswer<K>> {
    const { method, path } = routes[name];
    const { params, query, body, form, headers } = (input ?? {}) as CallInput;
    const search = new URLSearchParams(
      Object.entries(query ?? {}).flatMap(([key, value]) =>
        value === undefined || value === null ? [] : [[key, String(value)]],
      ),
    ).toString();
    const url = endpointPath(path, params) + (search ? `?${search}` : '');
    const payload = form ?? body;
    return apiRequest<EndpointAnswer<K>>(url, {
      method,
      ...(payload !== undefined ? { body: payload } : {}),
      ...(signal ? { signal } : {}),
      ...(headers ? { headers } : {}),
    });
  };
}

/** Calls an endpoint of the contract's main map by name (`endpointCaller`). */
export const callApi = endpointCaller(endpointRoutes);
