import { describe, expect, it } from 'vitest';
import {
  base64urlBytes,
  isTimeZone,
  notificationSettingsSchema,
  pushSubscriptionSchema,
} from './push.ts';

/** A subscription as Chrome's `PushSubscription.toJSON()` gives it (keys of a real P-256 pair). */
const chrome = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/eXaMpLe:APA91bH-abc_def',
  expirationTime: null,
  keys: {
    p256dh:
      'BGa5v8W2cdYyyNVg3Ln0NUshP4HDgUbbvd5rG4BpkQVqBW67mSxoGEGO2UnDpbjbuscONVCH2CLnuicmxzxTWws',
    auth: 'zqbxT6JKstKSY9JKibZLSQ',
  },
};

const codeOf = (input: unknown) =>
  pushSubscriptionSchema.safeParse(input).error?.issues.map((issue) => issue.message);

describe('a push subscription', () => {
  it('takes what a browser gives, with or without expirationTime', () => {
    expect(pushSubscriptionSchema.parse(chrome)).toEqual(chrome);
    const { expirationTime: _none, ...firefox } = chrome;
    expect(pushSubscriptionSchema.safeParse(firefox).success).toBe(true);
  });

  it('takes https only: Web Push is sent over HTTPS (RFC 8030), a local push service too', () => {
    for (const endpoint of [
      'http://127.0.0.1:9/p',
      'http://localhost/p',
      'http://[::1]:8/p',
      'http://fcm.googleapis.com/p',
      'wss://x.y/p',
    ]) {
      expect(codeOf({ ...chrome, endpoint }), endpoint).toEqual(['PUSH_ENDPOINT_INVALID']);
    }
    expect(codeOf({ ...chrome, endpoint: 'https://127.0.0.1:9/p' })).toBeUndefined();
  });

  it('reads keys as unpadded, canonical base64url only', () => {
    expect(base64urlBytes('AQID')).toEqual(new Uint8Array([1, 2, 3]));
    expect(base64urlBytes('_-8')).toEqual(new Uint8Array([255, 239]));
    expect(base64urlBytes('AQ==')).toBeUndefined();
    expect(base64urlBytes('A+/B')).toBeUndefined();
    // Same bytes, stray bits in the last character: a second spelling, refused.
    expect(base64urlBytes('AR')).toBeUndefined();
    expect(base64urlBytes('A')).toBeUndefined();
    const compressed = `A${chrome.keys.p256dh.slice(1)}`;
    expect(codeOf({ ...chrome, keys: { ...chrome.keys, p256dh: compressed } })).toEqual([
      'PUSH_KEY_INVALID',
    ]);
  });
});

describe('notification settings', () => {
  it('know time zones by their IANA names', () => {
    for (const zone of ['UTC', 'Europe/Paris', 'Africa/Dakar', 'America/Argentina/Buenos_Aires']) {
      expect(isTimeZone(zone), zone).toBe(true);
    }
    for (const zone of [
      '',
      'Paris',
      'Europe/Pariss',
      'Mars/Olympus',
      'UTC; drop table',
      '+01:00',
    ]) {
      expect(isTimeZone(zone), zone).toBe(false);
    }
  });

  it('take quiet hours across midnight, not an empty or a malformed window', () => {
    const settings = {
      messages: true,
      matches: true,
      likes: false,
      calls: true,
      gifts: true,
      showMessageText: false,
      quietHours: { start: '22:00', end: '06:30' },
      timeZone: 'Europe/Paris',
      emailDigest: true,
    };
    expect(notificationSettingsSchema.safeParse(settings).success).toBe(true);
    for (const quietHours of [
      { start: '06:30', end: '06:30' },
      { start: '6:30', end: '07:00' },
      { start: '23:60', end: '07:00' },
      { start: '22:00', end: '07:00', days: 'weekdays' },
    ]) {
      const result = notificationSettingsSchema.safeParse({ ...settings, quietHours });
      expect(result.error?.issues[0]?.message, JSON.stringify(quietHours)).toBe(
        'QUIET_HOURS_INVALID',
      );
    }
  });
});
