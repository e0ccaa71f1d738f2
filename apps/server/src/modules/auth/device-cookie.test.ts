import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/test-app.ts';
import { createDeviceCookies, DEVICE_COOKIE } from './device-cookie.ts';

const secret = randomBytes(32);
const cookiePair = (setCookie: string) => setCookie.split(';')[0] ?? '';

describe('device cookies', () => {
  it('are HttpOnly, SameSite=Strict, sent only to the sign-in routes, and Secure over https', () => {
    const clock = createTestClock();
    const plain = createDeviceCookies({ secret, clock, secure: false }).issue('awa@example.com');
    expect(plain).toMatch(
      new RegExp(
        `^${DEVICE_COOKIE}=[^;]+; Path=/api/auth; Max-Age=15552000; HttpOnly; SameSite=Strict$`,
      ),
    );
    const secure = createDeviceCookies({ secret, clock, secure: true }).issue('awa@example.com');
    expect(secure).toMatch(/; Secure$/);
    // The account is named by the signature only: its address is not in the cookie.
    expect(secure).not.toContain('awa@example.com');
    expect(secure).not.toContain(Buffer.from('awa@example.com').toString('base64url'));
  });

  it('recognise the account they were made for, and nothing altered, foreign or too old', () => {
    const clock = createTestClock();
    const cookies = createDeviceCookies({ secret, clock, secure: false });
    const cookie = cookiePair(cookies.issue('awa@example.com'));
    const device = cookies.recognise(`theme=dark; ${cookie}`, 'awa@example.com');
    expect(device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(cookies.recognise(cookie, 'fatou@example.com')).toBeUndefined();

    const [name, value = ''] = cookie.split('=');
    const [issued, id, mac = ''] = value.split('.');
    const flipped = `${mac.slice(0, -2)}${mac.at(-2) === 'A' ? 'B' : 'A'}${mac.at(-1)}`;
    const otherSecret = createDeviceCookies({ secret: randomBytes(32), clock, secure: false });
    for (const forged of [
      `${name}=${issued}.${id}.${flipped}`,
      `${name}=${issued}.${randomBytes(16).toString('base64url')}.${mac}`,
      `${name}=${(Number.parseInt(issued ?? '', 36) + 1).toString(36)}.${id}.${mac}`,
      cookiePair(otherSecret.issue('awa@example.com')),
      `${name}=${value}x`,
      `${name}=`,
      `${name}`,
      'mawadda-device=%00%ff..',
    ]) {
      expect(cookies.recognise(forged, 'awa@example.com'), forged).toBeUndefined();
    }
    // A forged cookie beside a real one does not hide it.
    expect(
      cookies.recognise(`${name}=${issued}.${id}.${flipped}; ${cookie}`, 'awa@example.com'),
    ).toBe(device);

    clock.advance(179 * 24 * 60 * 60 * 1000);
    expect(cookies.recognise(cookie, 'awa@example.com')).toBe(device);
    clock.advance(2 * 24 * 60 * 60 * 1000);
    expect(cookies.recognise(cookie, 'awa@example.com')).toBeUndefined();
  });
});
