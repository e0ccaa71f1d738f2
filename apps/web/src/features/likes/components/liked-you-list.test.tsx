import type { LikeEntry } from '@mawadda/contract';
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { matchMoment } from '@/lib/match-moment.ts';
import { likesKeys } from '@/lib/query-keys.ts';
import { session } from '@/lib/session.ts';
import { mockEndpoints, type Reply, type Stubs } from '@/test/api.ts';
import { aMember, anError, detailsOf } from '@/test/fixtures.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { fakeSafety } from '@/test/safety.ts';
import { LikedYouList } from './liked-you-list.tsx';

const MINUTE = 60_000;
let next = 0;

function like(
  name: string,
  minutesAgo: number,
  isNew: boolean,
  matched = false,
  kind: LikeEntry['kind'] = 'like',
): LikeEntry {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    name,
    age: 28,
    gender: 'femme',
    mediaUrls: [`/media/photos/${name}.webp`],
    photosBlurred: false,
    verified: false,
    createdAt: new Date(Date.now() - minutesAgo * MINUTE).toISOString(),
    isNew,
    kind,
    matched,
    compliment: null,
  };
}

function logIn() {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem(
    'currentUser',
    JSON.stringify({ id: 'me', name: 'Youssef', latitude: null, longitude: null, mediaUrls: [] }),
  );
}

function serve(likes: LikeEntry[], extra: Stubs = {}) {
  const events: string[] = [];
  mockEndpoints({
    likes: () => {
      events.push('list');
      return { body: likes };
    },
    markLikesSeen: () => {
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

/** The entries' own buttons (each row may also hold a like-back button). */
const rows = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => within(item).getAllByRole('button')[0] as HTMLElement);

describe('The liked-you list', () => {
  it('marks a match, and offers to like back the others, on any device', async () => {
    logIn();
    const matched = like('salma', 60, false, true);
    const waiting = like('khadija', 30, false);
    let likedBack: unknown;
    const match = { id: waiting.id, name: 'khadija', photoUrl: '/media/photos/khadija.webp?m=me' };
    serve([matched, waiting], {
      like: ({ body }: { body: unknown }) => {
        likedBack = body;
        return { body: { mutualLike: true, match } };
      },
    });
    await show({ language: 'fr' });
    const list = await screen.findByRole('list');
    expect(within(list).getByRole('button', { name: /^Salma, 28, Match/ })).toBeEnabled();
    expect(within(list).queryByRole('button', { name: 'Aimer en retour Salma' })).toBeNull();

    await userEvent
      .setup()
      .click(within(list).getByRole('button', { name: 'Aimer en retour Khadija' }));
    expect(likedBack).toEqual({ likedUserId: waiting.id });
    const khadija = await within(list).findByRole('button', { name: /^Khadija, 28, Match/ });
    expect(khadija).toBeEnabled();
    expect(within(list).queryByRole('button', { name: 'Aimer en retour Khadija' })).toBeNull();
    // The like-back button is gone: the focus it held is on the entry, now a match.
    expect(khadija).toHaveFocus();
    // "It's a match" is the app's to show (shell-layout.test.tsx): it is told whom.
    expect(matchMoment.current()).toEqual(match);
  });

  it('says a verified member is verified, to the eye and in the entry’s name', async () => {
    logIn();
    serve([{ ...like('aicha', 10, false), verified: true }, like('binta', 20, false)]);
    await show({ language: 'fr' });
    const list = await screen.findByRole('list');
    const aicha = within(list).getByRole('button', { name: /^Aicha, 28, Vérifié\(e\),/ });
    expect(within(aicha).getByTitle('Vérifié(e)')).toBeVisible();
    expect(within(list).getByRole('button', { name: /^Binta, 28,/ })).not.toHaveAccessibleName(
      /Vérifié/,
    );
  });

  it('keeps the focus on a like back while it is sent, and after a failure', async () => {
    logIn();
    const waiting = like('khadija', 30, false);
    let answer: (reply: Reply<'like'>) => void = () => {};
    let sent = 0;
    serve([waiting], {
      like: () => {
        sent += 1;
        return new Promise((resolve) => (answer = resolve));
      },
    });
    await show();
    const user = userEvent.setup();
    const likeBack = await screen.findByRole('button', { name: 'Like back Khadija' });
    await user.click(likeBack);

    // Waiting: marked busy, but still focusable, and a second press sends nothing more.
    await vi.waitFor(() => expect(likeBack).toHaveAttribute('aria-disabled', 'true'));
    expect(likeBack).toBeEnabled();
    expect(likeBack).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(sent).toBe(1);
    answer({ status: 500, body: { code: 'UNEXPECTED_ERROR', message: 'Unexpected server error' } });

    await screen.findByText('Your like could not be sent. Please try again.');
    expect(likeBack).toHaveAttribute('aria-disabled', 'false');
    expect(likeBack).toHaveFocus();
  });

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

  it('marks the likes seen even when the member closes the list as soon as it is shown', async () => {
    logIn();
    const newest = like('aïcha', 5, true);
    const { events } = serve([newest]);
    const { unmount } = await show();
    await screen.findByRole('list', { name: 'Members who liked you' });
    unmount();
    await vi.waitFor(() => expect(events).toEqual(['list', 'mark-seen']));
    expect(session.likesSeenAt()).toBe(Date.parse(newest.createdAt));
  });

  it.each([
    {
      language: 'en' as const,
      labels: ['Nafi, 28, New, Sent you a Lovely 5 minutes ago', 'Salma, 28, Liked you 1 hour ago'],
    },
    {
      language: 'fr' as const,
      labels: [
        'Nafi, 28, Nouveau, Vous a envoyé un coup de cœur il y a 5 minutes',
        'Salma, 28, Vous a aimé il y a 1 heure',
      ],
    },
  ])(
    'says of each entry whether it was a like or a Lovely ($language)',
    async ({ language, labels }) => {
      logIn();
      serve([like('nafi', 5, true, false, 'lovely'), like('salma', 60, false)]);
      await show({ language });
      await screen.findByRole('list');
      expect(rows().map((row) => row.getAttribute('aria-label'))).toEqual(labels);
    },
  );

  it.each([
    {
      language: 'en' as const,
      note: 'Visible after a match',
      label: 'Salma, 28, Liked you 1 hour ago, Visible after a match',
      description: 'Photo blurred until you match',
    },
    {
      language: 'fr' as const,
      note: 'Visible après un match',
      label: 'Salma, 28, Vous a aimé il y a 1 heure, Visible après un match',
      description: 'Photo floutée jusqu’à un match',
    },
  ])(
    'says which photo is blurred until a match ($language)',
    async ({ language, note, label, description }) => {
      logIn();
      const blurred = { ...like('salma', 60, false), photosBlurred: true };
      serve([like('khadija', 30, false), blurred]);
      await show({ language });

      await screen.findByRole('list');
      const [clear, hidden] = rows();
      expect(hidden).toHaveAccessibleName(label);
      expect(hidden).toHaveAccessibleDescription(description);
      within(hidden as HTMLElement).getByText(note);
      expect(clear).not.toHaveAttribute('aria-describedby');
      expect(within(clear as HTMLElement).queryByText(note)).toBeNull();
    },
  );

  it('says, kindly, when no one has liked the member yet, and marks nothing as seen by time', async () => {
    logIn();
    const { events } = serve([]);
    const { onClose, onSeen } = await show({ language: 'fr' });

    await screen.findByText('Personne ne vous a encore aimé.');
    await vi.waitFor(() => expect(onSeen).toHaveBeenCalled());
    expect(events).toEqual(['list', 'mark-seen']);
    expect(session.likesSeenAt()).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Fermer' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('opens an entry: closes the dialog, goes to the member and removes the entry for good', async () => {
    logIn();
    const amal = like('amal', 10, true);
    const hind = like('hind', 20, false);
    const { events } = serve([amal, hind], {
      memberDetails: { body: detailsOf(aMember({ id: amal.id, name: 'amal' })) },
      openLike: () => {
        events.push('open');
        return { body: { message: 'Like opened.' } };
      },
    });
    const { onClose, queryClient } = await show();

    await userEvent.setup().click(await screen.findByRole('button', { name: /^Amal/ }));
    await screen.findByRole('heading', { name: `Screen /user-details/${amal.id}` });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(likesKeys.opened('me'))).toEqual([amal.id]);
    // The server is told, so the entry stays out of the list on the next opening, and elsewhere.
    await vi.waitFor(() => expect(events).toContain('open'));
  });

  it('gives the spec alert when the member no longer exists, and removes the entry', async () => {
    logIn();
    const gone = like('gone', 10, true);
    const hind = like('hind', 20, false);
    serve([gone, hind], {
      memberDetails: {
        status: 404,
        body: anError('MEMBER_NOT_FOUND', 'This member is not available.'),
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

  it('gives each entry a menu to report or block the member', async () => {
    logIn();
    const amal = like('amal', 5, true);
    serve([amal]);
    const safety = fakeSafety();
    await renderScreen(<LikedYouList onClose={vi.fn()} safety={safety} />, {
      route: '/suggestions',
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'More actions for Amal' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
    expect(safety.report.mock.calls).toEqual([[{ id: amal.id, name: 'Amal' }, undefined]]);
  });
});

describe('A compliment in the liked-you list (ADR 071)', () => {
  it('shows the note under the entry with the photo it is about; "Like back" answers it', async () => {
    logIn();
    const mariam = {
      ...like('mariam', 5, true),
      compliment: {
        note: 'Ton sourire sur cette photo dit la paix.',
        about: { kind: 'photo' as const, thumbnailUrl: '/media/photos/me-1-480.webp?s=me' },
        shield: [],
      },
    };
    const sent: unknown[] = [];
    serve([mariam], {
      like: ({ body }: { body: unknown }) => {
        sent.push(body);
        return { body: { mutualLike: true } };
      },
    });
    await show();
    const compliment = await screen.findByRole('figure', { name: 'Compliment from Mariam' });
    expect(compliment).toHaveTextContent('About your photo');
    expect(compliment).toHaveTextContent('Ton sourire sur cette photo dit la paix.');
    expect(compliment.querySelector('img')?.getAttribute('src')).toBe(
      '/media/photos/me-1-480.webp?s=me',
    );
    expect(screen.getByRole('button', { name: /^Mariam, 28, New/ })).toHaveTextContent(
      /sent you a compliment/i,
    );
    expect(screen.queryByRole('note')).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Like back Mariam' }));
    // A like back, the match: no message, no conversation opened by the compliment.
    expect(sent).toEqual([{ likedUserId: mariam.id }]);
    expect(await screen.findByRole('button', { name: /^Mariam, 28, Match/ })).toBeEnabled();
  });

  it('names the answer it is about, and warns calmly of a note the shield flagged (French)', async () => {
    logIn();
    const entry = {
      ...like('awa', 5, false),
      compliment: {
        note: 'Écris-moi sur WhatsApp',
        about: { kind: 'answer' as const, key: 'prayer' as const },
        shield: ['other-app' as const],
      },
    };
    serve([entry]);
    await show({ language: 'fr' });
    const compliment = await screen.findByRole('figure', { name: /^Compliment d.Awa$/ });
    expect(compliment).toHaveTextContent('À propos de votre réponse : Prière');
    expect(within(compliment).getByRole('note')).toHaveTextContent(
      'Ce compliment demande quelque chose par quoi commencent souvent les arnaques',
    );
  });

  it('names the prompt and shows her answer as it reads now, or that she removed it', async () => {
    logIn();
    const about = (answer: string | null) => ({
      kind: 'prompt' as const,
      prompt: 'ideal-family-day' as const,
      answer,
    });
    const fatou = {
      ...like('fatou', 5, true),
      compliment: {
        note: 'Cette journée me ressemble.',
        about: about('Le vendredi en famille.'),
        shield: [],
      },
    };
    const binta = {
      ...like('binta', 9, true),
      compliment: { note: 'Belle réponse.', about: about(null), shield: [] },
    };
    serve([fatou, binta]);
    await show();
    const kept = await screen.findByRole('figure', { name: 'Compliment from Fatou' });
    expect(kept).toHaveTextContent('About your answer to “An ideal day with family”');
    expect(kept).toHaveTextContent('Your answer: Le vendredi en famille.');
    expect(kept).toHaveTextContent('Cette journée me ressemble.');
    const removed = screen.getByRole('figure', { name: 'Compliment from Binta' });
    expect(removed).toHaveTextContent(
      'About your answer to “An ideal day with family”, since removed',
    );
    expect(removed).toHaveTextContent('Belle réponse.');
    expect(removed).not.toHaveTextContent('Your answer');
  });

  it('names the prompt in French', async () => {
    logIn();
    serve([
      {
        ...like('awa', 5, false),
        compliment: {
          note: 'Qu’Allah te facilite.',
          about: {
            kind: 'prompt' as const,
            prompt: 'dua-for-future' as const,
            answer: 'Un foyer apaisé.',
          },
          shield: [],
        },
      },
    ]);
    await show({ language: 'fr' });
    const compliment = await screen.findByRole('figure', { name: /^Compliment d.Awa$/ });
    expect(compliment).toHaveTextContent(
      'À propos de votre réponse à « Une invocation que je fais pour mon avenir »',
    );
    expect(compliment).toHaveTextContent('Votre réponse : Un foyer apaisé.');
  });
});
