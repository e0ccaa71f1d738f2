import { describe, expect, it } from 'vitest';
import {
  callSignalSchema,
  decimalNumber,
  E,
  EMAIL_PATTERN,
  ERROR_DEFAULT_PARAMS,
  ERROR_TEXTS,
  editProfileFieldsSchema,
  errorText,
  GIFT_NUMBERS,
  guardianRequestSchema,
  hasChildrenSchema,
  isErrorCode,
  maritalStatusSchema,
  moderationActionRequestSchema,
  registrationFieldsSchema,
  SUBSCRIPTION_PRICES,
  wholeNumber,
} from './index.ts';

describe('value sets', () => {
  it('reads both spellings of each marital status as one value', () => {
    expect(['marié', 'marie', 'MARIÉ'].map((v) => maritalStatusSchema.parse(v))).toEqual([
      'marie',
      'marie',
      'marie',
    ]);
    expect(maritalStatusSchema.parse('célibataire')).toBe('celibataire');
    expect(maritalStatusSchema.parse('divorcé')).toBe('divorce');
    expect(maritalStatusSchema.safeParse('veuf').success).toBe(false);
  });

  it('reads hasChildren from a boolean, a form string or the three texts', () => {
    expect(
      [true, 'true', false, 'false', 'not specified', 'yes'].map((v) => hasChildrenSchema.parse(v)),
    ).toEqual(['yes', 'yes', 'no', 'no', 'not specified', 'yes']);
  });

  it('prices plans in cents and names eight gifts', () => {
    expect(SUBSCRIPTION_PRICES).toEqual({ WEEKLY: 499, MONTHLY: 999, ANNUAL: 7999 });
    expect(Object.keys(GIFT_NUMBERS)).toHaveLength(8);
  });
});

describe('e-mail pattern (docs/spec.md §5)', () => {
  it('accepts what the spec accepts and refuses the rest', () => {
    for (const ok of ['ali@example.com', 'a.b_c%d+e-f@mail.example.sn', 'x1@y.fr']) {
      expect(EMAIL_PATTERN.test(ok), ok).toBe(true);
    }
    for (const bad of [
      'ali@example',
      'ali@example.c',
      '@example.com',
      'ali example@x.com',
      'Ali@X.com',
    ]) {
      expect(EMAIL_PATTERN.test(bad), bad).toBe(false);
    }
  });
});

describe('the number reader of queries and bodies', () => {
  const whole = wholeNumber(E.PAGE_INVALID, { min: 0, max: 100 });
  const decimal = decimalNumber(E.GEO_LATITUDE_INVALID, { min: -90, max: 90 });
  const refusal = (schema: typeof whole | typeof decimal, value: unknown) =>
    schema.safeParse(value).error?.issues.map((issue) => issue.message);

  it('reads plain decimal notation, from text or a JSON number', () => {
    expect(['0', '7', '007', '100', 16].map((v) => whole.parse(v))).toEqual([0, 7, 7, 100, 16]);
    expect(['14.7', '-17.45', '-0', '90', -3.5].map((v) => decimal.parse(v))).toEqual([
      14.7, -17.45, -0, 90, -3.5,
    ]);
  });

  it('refuses every other way Number() reads a number, with the field’s code', () => {
    const loose = ['0x10', '1e1', '1E1', ' 5 ', '5 ', '\t5', '', '+5', '.5', '5.', 'Infinity'];
    for (const value of [...loose, '-1', '101', '1.0', '2.5', 2.5, '99999999999999999999']) {
      expect(refusal(whole, value), JSON.stringify(value)).toContain('PAGE_INVALID');
    }
    for (const value of [...loose, '0x1', '-1e1', '90.5', 'NaN', Number.NaN, null, true, []]) {
      expect(refusal(decimal, value), JSON.stringify(value)).toContain('GEO_LATITUDE_INVALID');
    }
  });
});

describe('registration fields', () => {
  const valid = {
    name: 'Omar',
    age: 30,
    gender: 'homme',
    maritalStatus: 'divorcé',
    location: 'Abidjan, Côte d’Ivoire',
    bio: 'Salam',
    username: 'Omar@Example.com',
    password: 'long enough',
    termsAccepted: true,
    religiousDataConsent: true,
  };

  it('takes typed values from the web form as well as strings from multipart', () => {
    const parsed = registrationFieldsSchema.parse(valid);
    expect(parsed).toMatchObject({
      age: 30,
      username: 'omar@example.com',
      maritalStatus: 'divorce',
    });
    expect(registrationFieldsSchema.parse({ ...valid, age: '30', termsAccepted: 'true' }).age).toBe(
      30,
    );
  });

  it('requires the consent to data revealing religion, apart from the terms', () => {
    for (const religiousDataConsent of [undefined, false, 'false', 'yes please']) {
      const result = registrationFieldsSchema.safeParse({ ...valid, religiousDataConsent });
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['religiousDataConsent', 'RELIGIOUS_DATA_CONSENT_REQUIRED'],
      ]);
    }
    expect(
      registrationFieldsSchema.parse({ ...valid, religiousDataConsent: 'true' }),
    ).toMatchObject({ termsAccepted: true, religiousDataConsent: true });
  });

  it('refuses a latitude without its longitude', () => {
    const result = registrationFieldsSchema.safeParse({ ...valid, latitude: 5.3 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('COORDINATES_TOGETHER');
  });

  it('reads numbers in plain decimal notation only', () => {
    for (const age of ['0x20', '1e2', '2e1', 'Infinity', '30abc', '']) {
      const result = registrationFieldsSchema.safeParse({ ...valid, age });
      expect(result.success, age).toBe(false);
    }
    for (const latitude of ['1e-400', '0x1', '-1e1', '.5', '+5']) {
      const result = registrationFieldsSchema.safeParse({ ...valid, latitude, longitude: '2' });
      expect(result.error?.issues[0]?.message, latitude).toBe('LATITUDE_INVALID');
    }
    const parsed = registrationFieldsSchema.parse({
      ...valid,
      age: ' 30 ',
      latitude: '-14.5',
      longitude: ' 0.5',
    });
    expect([parsed.age, parsed.latitude, parsed.longitude]).toEqual([30, -14.5, 0.5]);
  });

  it('reads the days of a suspension a moderator types in plain decimal only', () => {
    const suspension = { action: 'suspend', reason: 'Insults in the chat' };
    for (const days of ['0x20', '1e1', '3abc', '2.5', '0', '366']) {
      const result = moderationActionRequestSchema.safeParse({ ...suspension, days });
      expect(result.error?.issues[0]?.message, days).toBe('SUSPENSION_DAYS_INVALID');
    }
    expect(moderationActionRequestSchema.parse({ ...suspension, days: ' 7 ' }).days).toBe(7);
    expect(moderationActionRequestSchema.parse({ ...suspension, days: 30 }).days).toBe(30);
  });

  it('refuses control characters in text, but keeps line breaks and tabs in the bio', () => {
    for (const [field, value] of [
      ['name', 'Omar\u0000'],
      ['location', 'Abidjan\u001b[31m'],
      ['name', 'Om\nar'],
      ['bio', 'Salam\u0000'],
    ] as const) {
      const result = registrationFieldsSchema.safeParse({ ...valid, [field]: value });
      expect(result.error?.issues[0]?.message, JSON.stringify(value)).toBe('CONTROL_CHARACTERS');
    }
    const bio = 'Salam,\n\tje suis sérieux.';
    expect(registrationFieldsSchema.parse({ ...valid, bio }).bio).toBe(bio);
  });

  it('refuses a name that invisible characters would draw as another, and keeps every script', () => {
    for (const name of [
      'Moussa \u202eevil\u202c Test',
      'Awa\u200b Diop',
      'Fatou\u2066Sow\u2069',
      '\u200fAïcha',
      'Kha\ufeffdija',
    ]) {
      const result = registrationFieldsSchema.safeParse({ ...valid, name });
      expect(result.error?.issues[0]?.message, JSON.stringify(name)).toBe(
        'NAME_INVISIBLE_CHARACTERS',
      );
      const guardian = guardianRequestSchema.safeParse({ name, email: 'wali@example.org' });
      expect(
        guardian.error?.issues.find((issue) => issue.path[0] === 'name')?.message,
        JSON.stringify(name),
      ).toBe('NAME_INVISIBLE_CHARACTERS');
    }
    // A Persian name needs its zero-width non-joiner; accents and Arabic letters are names.
    for (const name of ['Ndèye Fatou Diallo', 'عائشة', 'Mehr\u200cnaz', 'Ousmane N’Diaye']) {
      expect(registrationFieldsSchema.parse({ ...valid, name }).name).toBe(name);
    }
  });

  it('names a code the catalogue knows for every rule, with its numbers filled in', () => {
    const result = registrationFieldsSchema.safeParse({ name: 'x'.repeat(81), age: 17 });
    const codes = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(codes.length).toBeGreaterThan(5);
    for (const code of codes) expect(isErrorCode(code), code).toBe(true);
    expect(errorText('NAME_TOO_LONG')).toBe('Name must be at most 80 characters');
    expect(errorText('AGE_TOO_YOUNG')).toBe('Minimum age is 18 years old');
    expect(errorText('RATE_LIMITED', { minutes: 3 })).toBe(
      'Too many attempts. Please wait 3 min and try again.',
    );
    // A placeholder the app formats (`{{until, date}}`) is filled with the raw value here.
    expect(errorText('ACCOUNT_SUSPENDED', { until: '2026-12-02T10:00:00.000Z' })).toBe(
      'Your account is suspended until 2026-12-02T10:00:00.000Z. Write to us if you think this is a mistake.',
    );
  });

  it('gives default numbers only to codes whose text names each of them', () => {
    const entries = Object.entries(ERROR_DEFAULT_PARAMS);
    expect(entries.length).toBeGreaterThan(10);
    for (const [code, params] of entries) {
      expect(isErrorCode(code), code).toBe(true);
      const text = isErrorCode(code) ? ERROR_TEXTS[code] : '';
      for (const name of Object.keys(params ?? {})) expect(text, code).toContain(`{{${name}`);
    }
  });

  it('refuses a non-number age with a readable message', () => {
    const result = registrationFieldsSchema.safeParse({ ...valid, age: 'twenty' });
    expect(result.error?.issues[0]?.message).toBe('AGE_NOT_A_NUMBER');
  });
});

describe('edit profile fields', () => {
  it('reads imagesToRemove from repeated fields or a JSON list', () => {
    const base = { name: 'A', age: 40, gender: 'femme', maritalStatus: 'marie', location: 'Lyon' };
    expect(
      editProfileFieldsSchema.parse({ ...base, imagesToRemove: ['/a', '/b'] }).imagesToRemove,
    ).toEqual(['/a', '/b']);
    expect(
      editProfileFieldsSchema.parse({ ...base, imagesToRemove: '["/a"]' }).imagesToRemove,
    ).toEqual(['/a']);
    expect(editProfileFieldsSchema.parse({ ...base, imagesToRemove: '/c' }).imagesToRemove).toEqual(
      ['/c'],
    );
    expect(editProfileFieldsSchema.parse(base).imagesToRemove).toEqual([]);
  });
});

describe('call signals', () => {
  it('refuses an SDP too large to be real', () => {
    const huge = { type: 'video', sdp: { type: 'offer', sdp: 'v=0'.padEnd(200_000, 'x') } };
    expect(callSignalSchema.safeParse(huge).success).toBe(false);
  });
});
