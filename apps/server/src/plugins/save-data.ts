import type { FastifyInstance } from 'fastify';

/** The answer header that tells the app its browser sent `Save-Data: on` (ADR 048). */
export const SAVE_DATA_ECHO = 'x-save-data';

/**
 * A browser (or a carrier's proxy) in data-saving mode sends `Save-Data: on` with every request,
 * but a page cannot read its own request headers, and not every such browser exposes
 * `navigator.connection.saveData`. Every API answer to such a request says so, and the app turns
 * its data saver on (smaller photos, chat media on tap).
 */
export function registerSaveDataEcho(app: FastifyInstance) {
  // Every answer runs it: the callback form costs no promise (ADR 086).
  app.addHook('onSend', (request, reply, _payload, done) => {
    const asked = request.headers['save-data'];
    if (typeof asked === 'string' && asked.trim().toLowerCase() === 'on') {
      reply.header(SAVE_DATA_ECHO, 'on');
    }
    done();
  });
}
