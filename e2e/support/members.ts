import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';

export const portraitPath = path.join(import.meta.dirname, '../fixtures/portrait.jpg');

let counter = 0;
export function newEmail(prefix: string): string {
  counter += 1;
  // The process id too: two workers may register in the same millisecond.
  return `${prefix}.${Date.now().toString(36)}.${process.pid.toString(36)}.${counter}@example.com`;
}

export type Member = {
  username: string;
  password: string;
  name: string;
  gender: 'homme' | 'femme';
};

/** Registers a member through the API (for journeys that start from an existing account). */
export async function registerMember(
  request: APIRequestContext,
  overrides: Partial<Member> & Record<string, string> = {},
): Promise<Member> {
  const member: Member = {
    username: newEmail('member'),
    password: 'a long enough password',
    name: 'Khadija Sow',
    gender: 'femme',
    ...overrides,
  };
  const response = await request.post('/api/users/register', {
    multipart: {
      name: member.name,
      age: '29',
      gender: member.gender,
      maritalStatus: 'célibataire',
      location: 'Dakar, Sénégal',
      latitude: '14.7167',
      longitude: '-17.4677',
      bio: 'Sérieuse et souriante, je cherche un mari pieux.',
      username: member.username,
      password: member.password,
      termsAccepted: 'true',
      religiousDataConsent: 'true',
      ...overrides,
      profilePicture: {
        name: 'portrait.jpg',
        mimeType: 'image/jpeg',
        buffer: fs.readFileSync(portraitPath),
      },
    },
  });
  if (response.status() !== 201) throw new Error(`registration failed: ${await response.text()}`);
  return member;
}

/** Logs a member in through the API, as the login screen would: the headers of that session. */
export async function sessionHeaders(request: APIRequestContext, member: Member) {
  const login = await request.post('/api/auth/login', {
    data: { username: member.username, password: member.password },
  });
  if (!login.ok()) throw new Error(`login failed: ${await login.text()}`);
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/** Logs a member in through the API, as the login screen would, and answers their id. */
export async function memberId(request: APIRequestContext, member: Member): Promise<string> {
  const me = await request.get('/api/users/me', {
    headers: await sessionHeaders(request, member),
  });
  return ((await me.json()) as { id: string }).id;
}

/** Her filters, saved as from her own device: ages, distance, and dealbreakers if given. */
export async function saveFilters(
  request: APIRequestContext,
  member: Member,
  filters: {
    minAge: number | null;
    maxAge: number | null;
    maxDistanceKm: number | null;
    dealbreakers?: Record<string, string[]>;
  },
) {
  const saved = await request.put('/api/users/preferences', {
    headers: await sessionHeaders(request, member),
    data: filters,
  });
  if (!saved.ok()) throw new Error(`filters refused: ${await saved.text()}`);
}
