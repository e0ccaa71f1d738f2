import { errorBodySchema, isErrorCode } from '@mawadda/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  multipart,
  photo,
  register,
  registeredMember,
  validRegistration,
} from './fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});

/** An error answer as every client reads it: a known code, its text, the contract's shape. */
function expectCoded(response: { statusCode: number; json: () => unknown }, status: number) {
  expect(response.statusCode).toBe(status);
  const body = errorBodySchema.parse(response.json());
  expect(isErrorCode(body.code), body.code).toBe(true);
  for (const field of body.errors ?? []) expect(isErrorCode(field.code), field.code).toBe(true);
  return body;
}

describe('one error protocol', () => {
  it('names each refused field with its own code and the numbers its text needs', async () => {
    const { response } = await register(t.app, { age: '17', name: 'x'.repeat(81), bio: '' });
    const body = expectCoded(response, 400);
    expect(body.code).toBe('NAME_TOO_LONG');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        {
          path: 'name',
          code: 'NAME_TOO_LONG',
          message: 'Name must be at most 80 characters',
          params: { max: 80 },
        },
        {
          path: 'age',
          code: 'AGE_TOO_YOUNG',
          message: 'Minimum age is 18 years old',
          params: { min: 18 },
        },
        { path: 'bio', code: 'BIO_REQUIRED', message: 'Bio is required' },
      ]),
    );
  });

  it('codes the refusals of sessions, members, files and limits', async () => {
    expect(expectCoded(await t.app.inject({ url: '/api/users/me' }), 401).code).toBe(
      'LOGIN_REQUIRED',
    );
    const { token } = await registeredMember(t.app);
    const unknown = await t.app.inject({
      url: '/api/users/00000000-0000-4000-8000-000000000000/details',
      headers: bearer(token),
    });
    expect(expectCoded(unknown, 404).code).toBe('MEMBER_NOT_FOUND');

    const huge = {
      filename: 'big.jpg',
      contentType: 'image/jpeg',
      data: Buffer.alloc(11 * 1024 * 1024),
    };
    const body = multipart(validRegistration(), { profilePicture: [huge] });
    const tooLarge = await t.app.inject({ method: 'POST', url: '/api/users/register', ...body });
    expect(expectCoded(tooLarge, 413)).toMatchObject({
      code: 'PHOTO_TOO_LARGE',
      params: { maxMb: 10 },
    });

    const unreadable = await register(t.app, {}, [
      await photo(),
      { filename: 'me.jpg', contentType: 'image/jpeg', data: Buffer.from('not an image') },
    ]);
    expect(expectCoded(unreadable.response, 400)).toMatchObject({
      code: 'PHOTO_UNREADABLE',
      params: { index: 2, name: 'me.jpg' },
    });

    const address = '127.77.0.1';
    for (let i = 0; i < 10; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: address,
        payload: { username: `ghost${i}@example.com`, password: 'guess' },
      });
    }
    const limited = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: address,
      payload: { username: 'ghost@example.com', password: 'guess' },
    });
    const refusal = expectCoded(limited, 429);
    expect(refusal.code).toBe('RATE_LIMITED');
    expect(refusal.params?.retryAfter).toBe(Number(limited.headers['retry-after']));
  });

  it('codes what Fastify refuses by itself: bad JSON, unknown paths, missing media', async () => {
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(expectCoded(badJson, 400).code).toBe('INVALID_JSON');
    expect(expectCoded(await t.app.inject({ url: '/api/nothing' }), 404).code).toBe('NOT_FOUND');
    const media = await t.app.inject({ url: '/media/photos/none.webp' });
    expect(expectCoded(media, 404).code).toBe('NOT_FOUND');
  });
});
