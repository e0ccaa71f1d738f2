import { describe, expect, it } from 'vitest';
import {
  callSignalSchema,
  EMAIL_PATTERN,
  editProfileFieldsSchema,
  GIFT_NUMBERS,
  hasChildrenSchema,
  maritalStatusSchema,
  registrationFieldsSchema,
  SUBSCRIPTION_PRICES,
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

describe('e-mail pattern (spec section 5)', () => {
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

  it('refuses a latitude without its longitude', () => {
    const result = registrationFieldsSchema.safeParse({ ...valid, latitude: 5.3 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Latitude and longitude go together');
  });

  it('refuses a non-number age with a readable message', () => {
    const result = registrationFieldsSchema.safeParse({ ...valid, age: 'twenty' });
    expect(result.error?.issues[0]?.message).toBe('Age must be a number');
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
