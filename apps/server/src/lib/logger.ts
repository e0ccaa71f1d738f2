import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream } from 'pino';

/**
 * Percent-encoded letters, digits and `-._~`: the same characters written plainly (RFC 3986,
 * 6.2.2.2), and the router reads them so (`/api/gu%61rdian/…` is the guardian's route). Decoded
 * before the rules below read a URL, so no spelling of a path slips past them.
 */
const PERCENT_ENCODED = /%([0-9a-f]{2})/gi;
const UNRESERVED = /^[\w.~-]$/;

/** Paths whose query string holds a member's position: logged without it. */
const PRIVATE_QUERY = /\/api\/+geo\//i;

/**
 * The segment after a `guardian` or `reset-password` one: a guardian's link token (the page and
 * its API, ADR 045), the key to a member's conversations, or a password-reset token (the link's
 * page and its check); after `guardian/opinion`, the link to an opinion on a match (ADR 078). Wherever the segment is and however it is written (`//api/guardian/…`,
 * `/API/guardian/…`, an absolute `http://host/…` request target, a mail's link under a prefix):
 * the log never holds a token a router or a browser could take.
 */
const TOKEN_SEGMENT = /(\/(?:guardian(?:\/+opinion)?|reset-password)\/+)[^/]+/gi;

/** A query parameter named `token` (the digests' one-click unsubscribe links): its value. */
const TOKEN_PARAM = /(^|&)(token=)[^&]*/gi;

/** A URL (a request's, or a link a mail holds) as it may be logged: without positions or tokens. */
export function loggedUrl(url: string): string {
  const target = url.replace(PERCENT_ENCODED, (encoded, hex: string) => {
    const character = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(character) ? character : encoded;
  });
  const at = target.indexOf('?');
  const path = (at < 0 ? target : target.slice(0, at)).replace(TOKEN_SEGMENT, '$1[redacted]');
  if (at < 0) return path;
  const query = target.slice(at + 1);
  return `${path}?${PRIVATE_QUERY.test(path) ? '[redacted]' : query.replace(TOKEN_PARAM, '$1$2[redacted]')}`;
}

/**
 * A failed statement's error carries its parameters (drizzle puts them in the message too):
 * password hashes, e-mail addresses, exact positions. The log keeps the statement, never them.
 */
function errorWithoutParameters(error: Error): pino.SerializedError {
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
