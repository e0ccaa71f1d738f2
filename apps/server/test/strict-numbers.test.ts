import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedCouple, sessionFor } from './fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let t: TestContext;
let token: string;
let partner: string;
beforeAll(async () => {
  t = await createTestApp();
  const { amina, youssef } = await seedCouple(t.database.db);
  token = await sessionFor(t.database.db, amina);
  partner = youssef;
});

const get = (url: string) => t.app.inject({ url, headers: bearer(token) });
const sendGift = (giftId: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/gifts/send',
    headers: bearer(token),
    payload: { giftId, receiverId: partner },
  });

/** Every number of a query string or a JSON body is plain decimal, or a 400 naming the field. */
describe('numbers outside the forms', () => {
  it('refuses hex, exponents, spaces and empty values with the field’s code', async () => {
    const refused: Array<[string, string]> = [
      ['/api/users/suggestions?page=0x10', 'PAGE_INVALID'],
      ['/api/users/suggestions?page=', 'PAGE_INVALID'],
      ['/api/users/suggestions?size=1e1', 'PAGE_SIZE_INVALID'],
      ['/api/users/suggestions?size=%205%20', 'PAGE_SIZE_INVALID'],
      [`/api/chat/conversation/${partner}?size=0x10`, 'PAGE_SIZE_INVALID'],
      ['/api/geo/reverse?lat=0x10&lon=0', 'GEO_LATITUDE_INVALID'],
      ['/api/geo/reverse?lat=&lon=', 'GEO_LATITUDE_INVALID'],
      ['/api/geo/reverse?lat=14.7&lon=', 'GEO_LONGITUDE_INVALID'],
    ];
    for (const [url, code] of refused) {
      const answer = await get(url);
      expect([answer.statusCode, answer.json().code], url).toEqual([400, code]);
    }
    for (const giftId of ['0x1', '1e0', ' 1', '']) {
      const answer = await sendGift(giftId);
      expect([answer.statusCode, answer.json().code], giftId).toEqual([
        400,
        giftId === '' ? 'GIFT_REQUIRED' : 'GIFT_UNKNOWN',
      ]);
    }
  });

  it('still reads plain numbers, as text or JSON', async () => {
    const page = await get('/api/users/suggestions?page=0&size=5');
    expect([page.statusCode, page.json().size]).toEqual([200, 5]);
    expect((await get(`/api/chat/conversation/${partner}?size=10`)).statusCode).toBe(200);
    const dakar = await get('/api/geo/reverse?lat=14.70&lon=-17.45');
    expect([dakar.statusCode, dakar.json().city]).toEqual([200, 'Dakar']);
    // Past the number check: a known gift, never paid for.
    for (const giftId of [1, '1']) {
      const answer = await sendGift(giftId);
      expect([answer.statusCode, answer.json().code]).toEqual([404, 'PAYMENT_NOT_FOUND']);
    }
  });
});
