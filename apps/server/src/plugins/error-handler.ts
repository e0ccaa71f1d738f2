import { type ErrorCode, errorText } from '@mawadda/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, invalidFields } from '../lib/http-error.ts';
import { fieldError } from '../lib/validation.ts';

/** The body of an error answer: its code, the code's English text, and what else it carries. */
function body(error: HttpError) {
  return {
    code: error.code,
    message: error.message,
    ...(error.params ? { params: error.params } : {}),
    ...(error.errors ? { errors: error.errors } : {}),
  };
}

/**
 * The one error handler: every failure leaves as `{ code, message, params?, errors? }` (the
 * contract's `errorBodySchema`). A 4xx says what to fix; a 5xx says only `UNEXPECTED_ERROR` and
 * its cause goes to the log with the request id. Fastify's own refusals (bad JSON, too large,
 * a missing file) get codes too, so every client reads one protocol.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // A file route may have typed the answer already (say, JavaScript) before failing.
    reply.type('application/json; charset=utf-8');
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.warn({ err: error }, error.message);
      return reply.headers(error.headers).status(error.statusCode).send(body(error));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const refused = invalidFields(
        error.validation.map((v) =>
          fieldError({
            path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
            message: v.message ?? '',
          }),
        ),
      );
      return reply.status(400).send(body(refused));
    }
    // A file that vanished between its lookup and its read (a redeploy): gone, not broken.
    const status = (error as { code?: string }).code === 'ENOENT' ? 404 : (error.statusCode ?? 500);
    if (status >= 400 && status < 500) {
      const code = clientErrorCode(error, status);
      return reply.status(status).send({ code, message: errorText(code) });
    }
    request.log.error({ err: error }, 'Request failed');
    return reply
      .status(500)
      .send({ code: 'UNEXPECTED_ERROR', message: errorText('UNEXPECTED_ERROR') });
  });
}

/**
 * The router's own refusals, before any route or hook: a path segment over its length limit (an
 * over-long id or reset token) and a broken percent-escape. Fastify's default body for them is
 * not ours, so they answer here in the one protocol.
 */
export function answerFrameworkError(error: FastifyError, reply: FastifyReply) {
  const code: ErrorCode =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'REQUEST_TOO_LARGE' : 'INVALID_VALUE';
  return reply
    .status(error.statusCode ?? 400)
    .type('application/json; charset=utf-8')
    .send({ code, message: errorText(code) });
}

const API_PATHS = /^\/(api|media|docs|ws|healthz|readyz)(\/|$)|^\/(like|lovely|likes)$/;

/**
 * 404s: a JSON body for the API; for a person's browser asking for a page, the web app's own
 * not-found screen (index.html, still with status 404) when the app is built.
 */
export function registerNotFoundHandler(
  app: FastifyInstance,
  options: {
    sendAppShell: ((reply: FastifyReply, status: number) => Promise<FastifyReply>) | undefined;
  },
) {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage =
      request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (options.sendAppShell && wantsPage && !API_PATHS.test(path)) {
      return options.sendAppShell(reply, 404);
    }
    return reply.status(404).send({ code: 'NOT_FOUND', message: errorText('NOT_FOUND') });
  });
}

/** Fastify's own client errors (and a static file's), by code. */
function clientErrorCode(error: FastifyError, status: number): ErrorCode {
  switch (error.code) {
    case 'ENOENT':
      return 'FILE_NOT_FOUND';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'INVALID_JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'REQUEST_TOO_LARGE';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'UNSUPPORTED_MEDIA_TYPE';
    default:
      if (status === 404) return 'NOT_FOUND';
      if (status === 413) return 'REQUEST_TOO_LARGE';
      if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
      return 'INVALID_VALUE';
  }
}
