import {
  allEndpointRoutes,
  type EndpointAnswer,
  type EndpointName,
  type ErrorBody,
  endpoints,
  errorBodySchema,
} from '@mawadda/contract';
import { afterEach, type MockInstance, vi } from 'vitest';

/**
 * The app's API as a test sees it: each stub is keyed by an endpoint name of the contract's map
 * (`@mawadda/contract` endpoints), so a test answers `login`, not a string that may name no
 * route; its body is typed as that endpoint's answer and checked against the endpoint's response
 * schema (and a refusal's against the one error body), so no test passes against a shape the
 * server never sends. A key the schema drops (a field the server does not send) fails too.
 */

/** The statuses of a success: the endpoint's own (200 unless the contract says 201 or 202). */
type SuccessStatus = 200 | 201 | 202;
/** The statuses of a refusal a test may stub. */
type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

export type Answer<K extends EndpointName> = { status?: SuccessStatus; body: EndpointAnswer<K> };
/** A refusal: the one error body, none at all, or `{}` when a proxy answers without one. */
export type Refusal = { status: RefusalStatus; body?: ErrorBody | Record<string, never> };
/** A file answered as the server sends it (`downloadDataExport`): bytes and headers as they are. */
export type FileAnswer = { file: BodyInit; headers: Record<string, string> };
export type Reply<K extends EndpointName> =
  | Answer<K>
  | Refusal
  | (EndpointAnswer<K> extends File ? FileAnswer : never);

/** A call as the app made it: the path parameters matched, the query and the JSON sent. */
export type StubRequest = {
  url: string;
  method: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
};
export type Stub<K extends EndpointName> =
  | Reply<K>
  | ((request: StubRequest) => Reply<K> | Promise<Reply<K>>);
export type Stubs = { [K in EndpointName]?: Stub<K> };

/** Keys of `sent` the schema's output left out: fields the contract does not know. */
function unknownKeys(sent: unknown, kept: unknown, at = '$'): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    return sent.flatMap((item, i) => unknownKeys(item, kept[i], `${at}[${i}]`));
  }
  if (sent && typeof sent === 'object' && kept && typeof kept === 'object') {
    return Object.entries(sent).flatMap(([key, value]) =>
      key in kept
        ? unknownKeys(value, (kept as Record<string, unknown>)[key], `${at}.${key}`)
        : [`${at}.${key}`],
    );
  }
  return [];
}

function isRefusal(reply: Reply<EndpointName>): reply is Refusal {
  return 'status' in reply && typeof reply.status === 'number' && reply.status >= 400;
}

/** Throws unless `reply` is what the server may answer for `name`. */
export function checkReply<K extends EndpointName>(name: K, reply: Reply<K>): void {
  if ('file' in reply) return;
  const isError = isRefusal(reply as Reply<EndpointName>);
  const schema = isError ? errorBodySchema : endpoints[name].response;
  const body = reply.body;
  if (isError && (body === undefined || Object.keys(body as object).length === 0)) return;
  const parsed = schema.safeParse(body);
  const problems = parsed.success
    ? unknownKeys(body, parsed.data).map((path) => `${path}: not in the contract`)
    : parsed.error.issues.map((issue) => `$.${issue.path.join('.')}: ${issue.message}`);
  if (problems.length > 0) {
    throw new Error(
      `The stub of ${name} answers ${isError ? 'an error body' : 'a body'} the contract refuses:\n  ${problems.join('\n  ')}`,
    );
  }
}

/** Problems found while the app called the stubs; each fails its test after it ran. */
const problems: Error[] = [];
afterEach(() => {
  const found = problems.splice(0);
  if (found.length > 0) throw found[0];
});

const routes = (Object.keys(allEndpointRoutes) as EndpointName[])
  .map((name) => {
    const { method, path } = allEndpointRoutes[name];
    const names: string[] = [];
    const pattern = path.replace(/:([A-Za-z]+)/g, (_, param: string) => {
      names.push(param);
      return '([^/]+)';
    });
    return { name, method: method as string, names, regex: new RegExp(`^${pattern}$`) };
  })
  // A literal path wins over a parameter's (`/api/users/me` before `/api/users/:id`).
  .sort((a, b) => a.names.length - b.names.length);

/** The endpoint a call goes to, with its path parameters. */
export function endpointOf(method: string, pathname: string) {
  for (const route of routes) {
    if (route.method !== method) continue;
    const match = route.regex.exec(pathname);
    if (match) {
      const params = Object.fromEntries(
        route.names.map((param, i) => [param, decodeURIComponent(match[i + 1] ?? '')]),
      );
      return { name: route.name, params };
    }
  }
  return undefined;
}

function toResponse(reply: Reply<EndpointName>, defaultStatus: number): Response {
  if ('file' in reply) {
    const { file, headers } = reply as unknown as FileAnswer;
    return new Response(file, { headers });
  }
  const status = reply.status ?? defaultStatus;
  return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Answers the app's fetch calls from `stubs`, by endpoint name. A static stub is checked against
 * the contract now; a function's reply when it is made (the test then fails). A call to an
 * endpoint without a stub rejects as the network would, and fails the test too. Returns the
 * fetch spy, whose calls hold what was sent.
 */
export function mockEndpoints(given: Stubs): MockInstance<typeof fetch> {
  // Asked by screens many tests show, none by default unless a test says otherwise: every open
  // match's conversation asks its family's opinions (ADR 078), the profile its passkeys (ADR 073),
  // the moderation page its queue's figures (ADR 080).
  const stubs: Stubs = {
    familyOpinions: { body: { guardians: [], shown: true, opinions: [] } },
    passkeys: { body: { passkeys: [], passwordSignIn: true } },
    moderationQueueFigures: {
      body: {
        open: 0,
        escalated: 0,
        appealed: 0,
        oldestOpenAt: null,
        medianFirstDecisionSeconds: null,
      },
    },
    ...given,
  };
  for (const [name, stub] of Object.entries(stubs)) {
    if (typeof stub !== 'function') checkReply(name as EndpointName, stub as Reply<EndpointName>);
  }
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    const endpoint = endpointOf(method, pathname);
    const stub = endpoint && (stubs[endpoint.name] as Stub<EndpointName> | undefined);
    if (!endpoint || !stub) {
      const error = new Error(
        `Unexpected call: ${method} ${url}${endpoint ? ` (${endpoint.name} has no stub)` : ''}`,
      );
      problems.push(error);
      throw error;
    }
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? undefined);
    let reply: Reply<EndpointName>;
    if (typeof stub === 'function') {
      reply = await stub({
        url,
        method,
        params: endpoint.params,
        query: searchParams,
        body,
        headers: new Headers(init?.headers),
      });
      try {
        checkReply(endpoint.name, reply);
      } catch (error) {
        problems.push(error as Error);
        throw error;
      }
    } else {
      reply = stub;
    }
    return toResponse(reply, (endpoints[endpoint.name] as { status?: number }).status ?? 200);
  });
}
