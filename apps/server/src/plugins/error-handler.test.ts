import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.ts';

async function appFailingWith(error: Error & { code?: string; statusCode?: number }) {
  const app = Fastify();
  registerErrorHandler(app);
  app.get('/file.js', async (_request, reply) => {
    reply.type('application/javascript');
    throw error;
  });
  return app;
}

describe('the error handler', () => {
  it('answers a file gone between lookup and read (a redeploy) with a 404', async () => {
    const gone = Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT' });
    const app = await appFailingWith(gone);
    const response = await app.inject({ url: '/file.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'FILE_NOT_FOUND',
      message: 'This file does not exist.',
    });
  });
});
