import type { FamilyOpinions } from '@mawadda/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { realtime } from '@/lib/realtime/realtime-client.ts';
import { session } from '@/lib/session.ts';
import { mockEndpoints } from '@/test/api.ts';
import { FakeStompClient } from '@/test/fake-stomp-client.ts';
import { aContact } from '@/test/fixtures.ts';
import { renderScreen } from '@/test/render.tsx';
import { ChatPage } from './chat-page.tsx';

vi.mock(
  '@stomp/stompjs',
  async () => (await import('@/test/fake-stomp-client.ts')).fakeStompModule,
);

/** The family's opinion on a match (ADR 078), from the conversation, for the member alone. */

const ME = 'me-1';
const YOUSSEF = 'youssef-2';
const PAPA = '33333333-3333-4333-8333-333333333333';

async function connect() {
  session.start('token-1');
  session.setUser({ id: ME, name: 'Aminata Diallo', mediaUrls: [] } as never);
  realtime.start();
  await waitFor(() => expect(FakeStompClient.instances).toHaveLength(1));
  act(() => FakeStompClient.latest().open());
}

beforeEach(() => {
  FakeStompClient.instances = [];
});
afterEach(() => {
  realtime.stop();
  session.end();
});

const youssef = aContact({ id: YOUSSEF, name: 'Youssef Ba', matched: true, exclusive: 'none' });
const guardians = [{ id: PAPA, name: 'Mamadou Diallo', relation: 'father' as const }];

async function open(
  language: 'en' | 'fr',
  answers: () => FamilyOpinions,
  asked: unknown[] = [],
  revoked: string[] = [],
) {
  mockEndpoints({
    revokeFamilyOpinion: ({ url }) => {
      revoked.push(url);
      return { body: { message: 'ok' } };
    },
    chatContacts: { body: [youssef] },
    conversation: { body: [] },
    markConversationRead: { body: { message: 'ok' } },
    familyOpinions: () => ({ body: answers() }),
    askFamilyOpinion: ({ body }) => {
      asked.push(body);
      return {
        status: 201,
        body: {
          id: '44444444-4444-4444-8444-444444444444',
          guardianId: PAPA,
          guardianName: 'Mamadou Diallo',
          relation: 'father',
          sentAt: '2026-11-22T10:00:00.000Z',
          expiresAt: '2026-11-29T10:00:00.000Z',
          revoked: false,
          answer: null,
          note: null,
          answeredAt: null,
        },
      };
    },
  });
  await connect();
  const prefix = language === 'fr' ? '/fr' : '';
  await renderScreen(<ChatPage />, {
    route: `${prefix}/chat?userId=${YOUSSEF}`,
    path: `${prefix}/chat`,
    language,
  });
}

describe('the family’s opinion in the conversation', () => {
  it('sends the match’s profile to the guardian chosen, then shows the answer privately', async () => {
    const asked: unknown[] = [];
    let opinions: FamilyOpinions['opinions'] = [];
    await open('en', () => ({ guardians, shown: true, opinions }), asked);
    const panel = await screen.findByRole('region', { name: 'Your family’s opinion' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Ask my family’s opinion' }));
    expect(within(panel).getByRole('combobox', { name: 'Guardian to ask' })).toHaveValue(PAPA);
    opinions = [
      {
        id: '44444444-4444-4444-8444-444444444444',
        guardianId: PAPA,
        guardianName: 'Mamadou Diallo',
        relation: 'father',
        sentAt: '2026-11-22T10:00:00.000Z',
        expiresAt: '2026-11-29T10:00:00.000Z',
        revoked: false,
        answer: 'favourable',
        note: 'A good family.',
        answeredAt: '2026-11-22T12:00:00.000Z',
      },
    ];
    await userEvent.click(within(panel).getByRole('button', { name: 'Send Youssef Ba’s profile' }));
    expect(asked).toEqual([{ guardianId: PAPA }]);
    await within(panel).findByText('Mamadou Diallo (father): favourable');
    within(panel).getByText('A good family.');
    within(panel).getByText('Only you see this.');
  });

  it('says, in French, when the match prefers not to be shown to families, and offers no button', async () => {
    await open('fr', () => ({ guardians, shown: false, opinions: [] }));
    const panel = await screen.findByRole('region', { name: 'L’avis de votre famille' });
    within(panel).getByText('Youssef Ba préfère ne pas être montré aux familles.');
    expect(within(panel).queryByRole('button')).toBeNull();
  });

  it('takes back a link not answered yet', async () => {
    const revoked: string[] = [];
    const waiting = {
      id: '55555555-5555-4555-8555-555555555555',
      guardianId: PAPA,
      guardianName: 'Mamadou Diallo',
      relation: 'father' as const,
      sentAt: '2026-11-22T10:00:00.000Z',
      expiresAt: '2026-11-29T10:00:00.000Z',
      revoked: false,
      answer: null,
      note: null,
      answeredAt: null,
    };
    await open(
      'en',
      () => ({
        guardians,
        shown: true,
        opinions: [{ ...waiting, revoked: revoked.length > 0 }],
      }),
      [],
      revoked,
    );
    const panel = await screen.findByRole('region', { name: 'Your family’s opinion' });
    within(panel).getByText('Mamadou Diallo (father): no answer yet');
    await userEvent.click(
      within(panel).getByRole('button', { name: 'Take back the link sent to Mamadou Diallo' }),
    );
    await waitFor(() => expect(within(panel).queryByText(/no answer yet/)).toBeNull());
    expect(revoked).toEqual([`/api/chat/family-opinions/${YOUSSEF}/${waiting.id}`]);
  });
});
