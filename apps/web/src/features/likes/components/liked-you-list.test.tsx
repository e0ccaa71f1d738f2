import type { LikeEntry } from '@mawadda/contract';
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { mockApi, renderScreen, screen } from '../../../test/render.tsx';
import { LikedYouList } from './liked-you-list.tsx';

const MINUTE = 60_000;
let next = 0;

function like(name: string, minutesAgo: number, isNew: boolean): LikeEntry {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    name,
    age: 28,
    gender: 'femme',
    mediaUrls: [`/media/photos/${name}.webp`],
    createdAt: new Date(Date.now() - minutesAgo * MINUTE).toISOString(),
    isNew,
  };
}

function logIn() {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem(
    'currentUser',
    JSON.stringify({ id: 'me', name: 'Youssef', latitude: null, longitude: null, mediaUrls: [] }),
  );
}

function serve(likes: LikeEntry[], extra = {}) {
  const events: string[] = [];
  mockApi({
    'GET /likes': () => {
      events.push('list');
      return { body: likes };
    },
    'POST /api/users/likes/mark-seen': () => {
      events.push('mark-seen');
      return { body: { message: 'Likes marked as seen.' } };
    },
    ...extra,
  });
  return { events };
}

async function show({ language = 'en' as 'en' | 'fr' } = {}) {
  const onClose = vi.fn();
  const onSeen = vi.fn();
  const result = await renderScreen(<LikedYouList onClose={onClose} onSeen={onSeen} />, {
    route: '/suggestions',
    language,
  });
  return { ...result, onClose, onSeen };
}

const rows = () => within(screen.getByRole('list')).getAllByRole('button');

describe('The liked-you list', () => {
  it('lists who liked me newest first, marks the new ones, then marks the likes seen and stores the time', async () => {
    logIn();
    const older = like('salma', 3 * 24 * 60, false);
    const newest = like('aïcha diallo', 5, true);
    const middle = like('khadija', 90, true);
    const { events } = serve([older, newest, middle]);
    const { onSeen } = await show();

    await screen.findByRole('list', { name: 'Members who liked you' });
    expect(rows().map((row) => row.getAttribute('aria-label'))).toEqual([
      'Aïcha Diallo, 28, New, Liked you 5 minutes ago',
      'Khadija, 28, New, Liked you 2 hours ago',
      'Salma, 28, Liked you 3 days ago',
    ]);
    const [first] = rows();
    expect(first?.textContent).toBe('Aïcha Diallo, 28 New Liked you 5 minutes ago');
    expect(first?.querySelector('time')?.getAttribute('datetime')).toBe(newest.createdAt);

    await vi.waitFor(() => expect(onSeen).toHaveBeenCalledTimes(1));
    // The list is read before the likes are marked seen, so its "new" markers are true.
    expect(events).toEqual(['list', 'mark-seen']);
    expect(session.likesSeenAt()).toBe(Date.parse(newest.createdAt));
  });

  it('says, kindly, when no one has liked the member yet, and marks nothing as seen by time', async () => {
    logIn();
    const { events } = serve([]);
    const { onClose, onSeen } = await show({ language: 'fr' });

    expect(await screen.findByText('Personne ne vous a encore aimé.')).toBeTruthy();
    await vi.waitFor(() => expect(onSeen).toHaveBeenCalled());
    expect(events).toEqual(['list', 'mark-seen']);
    expect(session.likesSeenAt()).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Fermer' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('opens an entry: closes the dialog, goes to the member and removes the entry', async () => {
    logIn();
    const amal = like('amal', 10, true);
    const hind = like('hind', 20, false);
    serve([amal, hind], {
      [`GET /api/users/${amal.id}/details`]: { body: { id: amal.id } },
    });
    const { onClose, queryClient } = await show();

    await userEvent.setup().click(await screen.findByRole('button', { name: /^Amal/ }));
    expect(
      await screen.findByRole('heading', { name: `Screen /user-details/${amal.id}` }),
    ).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(['likes', 'me', 'opened'])).toEqual([amal.id]);
  });

  it('gives the spec alert when the member no longer exists, and removes the entry', async () => {
    logIn();
    const gone = like('gone', 10, true);
    const hind = like('hind', 20, false);
    serve([gone, hind], {
      [`GET /api/users/${gone.id}/details`]: {
        status: 404,
        body: { message: 'This member is not available.' },
      },
    });
    const { onClose } = await show({ language: 'fr' });

    await userEvent.setup().click(await screen.findByRole('button', { name: /^Gone/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      "Ce profil ne peut pas être ouvert. Le membre n'existe peut-être plus.",
    );
    expect(document.activeElement).toBe(alert);
    expect(rows().map((row) => row.getAttribute('aria-label'))).toEqual([
      'Hind, 28, Vous a aimé il y a 20 minutes',
    ]);
    expect(onClose).not.toHaveBeenCalled();
  });
});
