import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error.ts';

const REFUSED =
  'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 10\r\nContent-Length: 0\r\n\r\n';

/**
 * Caps what one peer can hold open, the total, and how long a request may take to arrive
 * (`requestTimeout`, set where the server is made): a flood of connections trickling bodies a
 * byte at a time used to exhaust the file handles and take everyone down.
 */
export function limitConnections(
  server: Server,
  options: { maxConnections: number; maxPerAddress: number },
) {
  server.maxConnections = options.maxConnections;
  if (options.maxPerAddress === 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > options.maxPerAddress) {
      socket.end(REFUSED);
      socket.destroySoon();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/**
 * A compressed multipart body is refused before anything reads it: the form parser reads the raw
 * stream, so the inflated one would sit unread and the request never be answered. Browsers never
 * compress uploads; a JSON body may be compressed and its inflated size counts against the limit.
 */
export function refuseEncodedForms(app: FastifyInstance) {
  // Every request runs it: the callback form costs no promise (ADR 086).
  app.addHook('onRequest', (request, _reply, done) => {
    const encoding = request.headers['content-encoding'];
    const type = request.headers['content-type'] ?? '';
    const encodedForm = encoding && encoding !== 'identity' && type.startsWith('multipart/');
    done(encodedForm ? new HttpError(415, 'FORM_ENCODED') : undefined);
  });
}
