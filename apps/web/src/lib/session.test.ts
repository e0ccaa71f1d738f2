import { afterEach, describe, expect, it } from 'vitest';
import { session } from './session.ts';

function signIn(id: string) {
  session.start(`token-${id}`);
  session.setUser({
    id,
    name: 'Amina',
    latitude: null,
    longitude: null,
    location: 'Dakar, Sénégal',
    mediaUrls: [],
  });
}

afterEach(() => localStorage.clear());

describe('session.end', () => {
  it('forgets the token, the current user, the liked set and the likes seen time, and nothing else', () => {
    signIn('member-1');
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
