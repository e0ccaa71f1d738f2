import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream } from 'pino';

/** Paths whose query string holds a member's position: logged without it. */
const PRIVATE_QUERY = /^\/api\/geo\//;
/** Paths ending in a password-reset token (the link's page and its check): logged without it. */
const RESET_TOKEN_PATH = /^((?:\/(?:en|fr))?\/reset-password\/|\/api\/auth\/reset-password\/)[^/]+/;

/**
 * Paths holding a guardian's link token (the page and its API, ADR 045): the token is the key to
 * a member's conversations, logged without it.
 */
const GUARDIAN_TOKEN_PATH = /^((?:\/(?:en|fr))?\/guardian\/|\/api\/guardian\/)[^/]+/;

export function loggedUrl(url: string): string {
  const [rawPath = url, query] = url.split('?');
  const path = rawPath
    .replace(RESET_TOKEN_PATH, '$1[redacted]')
    .replace(GUARDIAN_TOKEN_PATH, '$1[redacted]');
  if (query === undefined) return path;
  return `${path}?${PRIVATE_QUERY.test(path) ? '[redacted]' : query}`;
}

/**
 * A failed statement's error carries its parameters (drizzle puts them in the message too):
 * password hashes, e-mail addresses, exact positions. The log keeps the statement, never them.
 */
export function errorWithoutParameters(error: Error): pino.SerializedError {
  const serialized = pino.stdSerializers.err(error);
  // In the message the parameters run to its end; in the stack, to the first frame.
  const withoutParams = (text: string | undefined) =>
    text?.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '');
  const { params: _params, ...rest } = serialized as pino.SerializedError & { params?: unknown };
  return {
    ...rest,
    message: withoutParams(serialized.message) ?? '',
    stack: withoutParams(serialized.stack) ?? '',
  };
}

/** JSON lines; bearer tokens, members' positions and statement parameters never reach the log. */
export function createLogger(level: string, destination?: DestinationStream) {
  return pino(
    {
      level,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: {
        err: errorWithoutParameters,
        req: (req: FastifyRequest) => ({
          method: req.method,
          url: loggedUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
        }),
      },
    },
    destination,
  );
}
