import { afterEach, describe, expect, it } from 'vitest';
import { session } from './session.ts';

const member = {
  id: 'member-1',
  name: 'Amina',
  latitude: null,
  longitude: null,
  location: 'Dakar, Sénégal',
  mediaUrls: [],
};

function signIn(id: string) {
  session.start(`token-${id}`);
  session.setUser({ ...member, id });
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('remember-me', () => {
  it('unticked, keeps the session in session storage, so it ends with the browser session', () => {
    session.start('token-1', false);
    session.setUser({ ...member, id: 'member-1' });

    expect(sessionStorage.getItem('authToken')).toBe('token-1');
    expect(JSON.parse(sessionStorage.getItem('currentUser') ?? '{}').id).toBe('member-1');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('currentUser')).toBeNull();
    expect(session.get()).toEqual({
      token: 'token-1',
      user: expect.objectContaining({ id: 'member-1' }),
    });
    expect(session.token()).toBe('token-1');
  });

  it('ticked, keeps it in local storage as before, and an earlier browser-session one goes', () => {
    session.start('token-1', false);
    session.start('token-2', true);

    expect(localStorage.getItem('authToken')).toBe('token-2');
    expect(sessionStorage.getItem('authToken')).toBeNull();
    expect(session.token()).toBe('token-2');
  });

  it('unticked after a remembered session, the remembered token leaves local storage', () => {
    session.start('token-1');
    localStorage.setItem('memberCache', '{}');
    session.start('token-2', false);

    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('memberCache')).toBeNull();
    expect(session.token()).toBe('token-2');
  });

  it('ends from either place, the kept answers with it', () => {
    session.start('token-1', false);
    sessionStorage.setItem('memberCache', '{}');
    session.end();
    expect(sessionStorage.getItem('authToken')).toBeNull();
    expect(sessionStorage.getItem('memberCache')).toBeNull();
    expect(session.get()).toBeNull();
  });
});

describe('session.end', () => {
  it('forgets the token, the current user, the kept answers, the unsent and unfinished messages, the liked set and the likes seen time, and nothing else', () => {
    signIn('member-1');
    localStorage.setItem('memberCache', '{}');
    localStorage.setItem('chatOutbox', '[]');
    localStorage.setItem('chatDrafts', '{}');
    localStorage.setItem('likedUsers', JSON.stringify(['a', 'b']));
    localStorage.setItem('likedUsersOwner', 'member-1');
    session.setLikesSeenAt(Date.parse('2026-05-01T10:00:00Z'));
    session.remember('amina@example.com');

    session.end();

    for (const key of [
      'authToken',
      'currentUser',
      'likedUsers',
      'likedUsersOwner',
      'likesSeenAt',
      'memberCache',
      'chatOutbox',
      'chatDrafts',
    ]) {
      expect(localStorage.getItem(key), key).toBeNull();
    }
    expect(session.get()).toBeNull();
    // Remember-me is the visitor's choice for the login form, not the member's data.
    expect(session.rememberedUser()).toBe('amina@example.com');
  });
});

describe('the likes seen timestamp', () => {
  it('belongs to the member who stored it', () => {
    signIn('member-1');
    const at = Date.parse('2026-05-01T10:00:00Z');
    session.setLikesSeenAt(at);
    expect(session.likesSeenAt()).toBe(at);

    signIn('member-2');
    expect(session.likesSeenAt()).toBeNull();
  });

  it('only moves forward', () => {
    signIn('member-1');
    session.setLikesSeenAt(2000);
    session.setLikesSeenAt(1000);
    expect(session.likesSeenAt()).toBe(2000);
    session.setLikesSeenAt(3000);
    expect(session.likesSeenAt()).toBe(3000);
  });

  it('is not stored without a member', () => {
    session.setLikesSeenAt(1000);
    expect(localStorage.getItem('likesSeenAt')).toBeNull();
    expect(session.likesSeenAt()).toBeNull();
  });
});
