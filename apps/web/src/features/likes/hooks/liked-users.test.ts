import { afterEach, describe, expect, it } from 'vitest';
import { LIKED_USERS_KEY, LIKED_USERS_OWNER_KEY, likedUsers } from './liked-users.ts';

afterEach(() => localStorage.clear());

function logInAs(id: string) {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem('currentUser', JSON.stringify({ id, name: 'Me', mediaUrls: [] }));
}

describe('the local liked set', () => {
  it('is kept in local storage as a JSON array of ids, so a reload keeps it', () => {
    logInAs('me');
    likedUsers.add('a');
    likedUsers.add('b');
    likedUsers.add('a');
    expect(JSON.parse(localStorage.getItem(LIKED_USERS_KEY) ?? '')).toEqual(['a', 'b']);
    expect(likedUsers.has('b')).toBe(true);
    likedUsers.remove('b');
    expect([...likedUsers.snapshot()]).toEqual(['a']);
  });

  it('reads what an earlier visit stored, and ignores garbage', () => {
    localStorage.setItem(LIKED_USERS_KEY, JSON.stringify(['x', 3, 'y']));
    expect([...likedUsers.snapshot()]).toEqual(['x', 'y']);
    localStorage.setItem(LIKED_USERS_KEY, '{not json');
    expect(likedUsers.snapshot().size).toBe(0);
  });

  it('is not shown to another member logging in on the same device', () => {
    logInAs('first');
    likedUsers.add('a');
    expect(localStorage.getItem(LIKED_USERS_OWNER_KEY)).toBe('first');
    logInAs('second');
    expect(likedUsers.has('a')).toBe(false);
    likedUsers.add('b');
    expect([...likedUsers.snapshot()]).toEqual(['b']);
  });
});
