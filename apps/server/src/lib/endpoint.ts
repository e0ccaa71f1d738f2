import {
  type EndpointName,
  type EndpointSchemas,
  type Endpoints,
  endpoints,
  errorBodySchema,
} from '@mawadda/contract';

/** Every refusal and failure has the one error body (`plugins/error-handler.ts`). */
const errorResponses = { '4xx': errorBodySchema, '5xx': errorBodySchema };

type Renamed<E, From extends string, To extends string> =
  E extends Record<From, infer S> ? { [P in To]: S } : unknown;
type SuccessStatus<E> = E extends { status: infer S extends number } ? S : 200;

type EndpointRouteOptions<E extends EndpointSchemas & { method: string; path: string }> = {
  method: E['method'];
  url: E['path'];
  schema: {
    tags: string[];
    summary: string;
    security?: Array<Record<string, string[]>>;
    response: { [S in SuccessStatus<E>]: E['response'] } & typeof errorResponses;
    /** A multipart form, documented by `plugins/openapi.ts`; the handler reads and checks it. */
    form?: EndpointSchemas['form'];
  } & Renamed<E, 'params', 'params'> &
    Renamed<E, 'query', 'querystring'> &
    Renamed<E, 'body', 'body'>;
};

/**
 * The Fastify route options of a contract endpoint: its method, path and schemas come from the
 * one map in `@mawadda/contract`, so the server cannot drift from what the web client calls.
 * Use as `app.route({ ...endpoint('likes', 'likes'), handler })`.
 */
export function endpoint<K extends EndpointName>(
  name: K,
  tag: string,
): EndpointRouteOptions<Endpoints[K]> {
  const e: EndpointSchemas & { method: string; path: string } = endpoints[name];
  return {
    method: e.method,
    url: e.path,
    schema: {
      tags: [tag],
      summary: e.summary,
      ...(e.member ? { security: [{ bearer: [] }] } : {}),
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(e.form ? { form: e.form } : {}),
      response: { [e.status ?? 200]: e.response, ...errorResponses },
    },
  } as EndpointRouteOptions<Endpoints[K]>;
}

/** `GET /api/users/:id/details` -> the contract endpoint registered there, if any. */
export function endpointAt(method: string, url: string) {
  return Object.values(endpoints).find((e) => e.method === method && e.path === url);
}
