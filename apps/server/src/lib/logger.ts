import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream } from 'pino';

/** Paths whose query string holds a member's position: logged without it. */
const PRIVATE_QUERY = /^\/api\/geo\//;

export function loggedUrl(url: string): string {
  const [path = url, query] = url.split('?');
  return query && PRIVATE_QUERY.test(path) ? `${path}?[redacted]` : url;
}

/** JSON lines; bearer tokens and members' positions never reach the log. */
export function createLogger(level: string, destination?: DestinationStream) {
  return pino(
    {
      level,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: {
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
