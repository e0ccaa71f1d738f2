import { UNEXPECTED_ERROR_MESSAGE } from '@mawadda/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error.ts';

/**
 * The one error handler: every failure leaves as `{ message, errors? }`. A 4xx says what to fix;
 * a 5xx says only `Unexpected server error` and its cause goes to the log with the request id.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // A file route may have typed the answer already (say, JavaScript) before failing.
    reply.type('application/json; charset=utf-8');
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.warn({ err: error }, error.message);
      return reply
        .headers(error.headers)
        .status(error.statusCode)
        .send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send({ message: errors[0]?.message ?? 'Invalid request', errors });
    }
    // A file that vanished between its lookup and its read (a redeploy): gone, not broken.
    const status = (error as { code?: string }).code === 'ENOENT' ? 404 : (error.statusCode ?? 500);
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: clientErrorMessage(error) });
    }
    request.log.error({ err: error }, 'Request failed');
    return reply.status(500).send({ message: UNEXPECTED_ERROR_MESSAGE });
  });
}

const API_PATHS = /^\/(api|media|docs|ws|healthz|readyz)(\/|$)|^\/(like|lovely|likes)$/;

/**
 * 404s: a JSON body for the API; for a person's browser asking for a page, the web app's own
 * not-found screen (index.html, still with status 404) when the app is built.
 */
export function registerNotFoundHandler(
  app: FastifyInstance,
  options: { sendAppShell: ((reply: FastifyReply, status: number) => FastifyReply) | undefined },
) {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage =
      request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (options.sendAppShell && wantsPage && !API_PATHS.test(path)) {
      return options.sendAppShell(reply, 404);
    }
    return reply.status(404).send({ message: `Nothing here: ${request.method} ${path}` });
  });
}

/** Fastify's own client errors, reworded where its text would puzzle a person. */
function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'ENOENT':
      return 'This file does not exist.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not accepted here.';
    default:
      return error.message;
  }
}
