import { describe, expect, it } from 'vitest';
import { countryCode, deviceLabel } from './device-label.ts';

describe('the device label of a User-Agent', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
      'Samsung Internet',
      'Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
      'Chrome',
      'iOS',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
      'Firefox',
      'iOS',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari',
      'macOS',
    ],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome',
      'ChromeOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0',
      'Opera',
      'Windows',
    ],
    [
      'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
      'Firefox',
      'Linux',
    ],
  ])('%s', (userAgent, browser, os) => {
    expect(deviceLabel(userAgent)).toEqual({ browser, os });
  });

  it('names nothing it does not know, and nothing at all without a User-Agent', () => {
    expect(deviceLabel('curl/8.5.0')).toEqual({ browser: null, os: null });
    expect(deviceLabel(undefined)).toEqual({ browser: null, os: null });
  });
});

describe('the country of a proxy header', () => {
  it('keeps a two-letter code, uppercased, and drops the rest', () => {
    expect(countryCode('sn')).toBe('SN');
    expect(countryCode(['FR', 'SN'])).toBe('FR');
    for (const value of ['XX', 'T1', 'ZZ', 'Senegal', '', undefined, 'S N']) {
      expect(countryCode(value)).toBeNull();
    }
  });
});
