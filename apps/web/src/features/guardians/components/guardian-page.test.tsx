import type { Message, GuardianPage as Page } from '@mawadda/contract';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockEndpoints } from '@/test/api.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { GuardianPage } from './guardian-page.tsx';

const TOKEN = 'A'.repeat(43);
const AMINATA = '11111111-1111-4111-8111-111111111111';
const YOUSSEF = '22222222-2222-4222-8222-222222222222';

const page: Page = {
  memberName: 'Aminata',
  memberId: AMINATA,
  guardianName: 'Mamadou Diallo',
  language: 'fr',
  digest: 'weekly',
  conversations: [
    {
      id: YOUSSEF,
      name: 'Youssef',
      mediaUrls: [],
      photosBlurred: false,
      since: '2026-11-22T10:00:00.000Z',
      lastMessageTime: '2026-11-22T10:05:00.000Z',
    },
  ],
};

const line = (overrides: Partial<Message>): Message => ({
  uuid: crypto.randomUUID(),
  senderId: YOUSSEF,
  receiverId: AMINATA,
  content: null,
  imageUrl: null,
  audioUrl: null,
  timestamp: '2026-11-22T10:05:00.000Z',
  isRead: true,
  ...overrides,
});

describe('the guardian’s page', () => {
  it('lists the shared conversations and reads one, between the notice lines', async () => {
    mockEndpoints({
      guardianPage: { body: page },
      guardianConversation: {
        body: [
          line({ senderId: AMINATA, receiverId: YOUSSEF, notice: 'guardian-follows' }),
          line({ content: 'Salam, comment vas-tu ?' }),
          // A text that reads like a gift, then a paid one, marked so by the server.
          line({ content: 'gift:4' }),
          line({ content: 'gift:4', gift: 4 }),
          line({ senderId: AMINATA, receiverId: YOUSSEF, notice: 'guardian-stopped' }),
        ],
      },
    });
    await renderScreen(<GuardianPage token={TOKEN} />, { language: 'fr' });
    expect(
      await screen.findByRole('heading', { name: "Les conversations d'Aminata" }),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /^Avec Youssef/ }));
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent(
      "À partir d’ici, les tuteurs d'Aminata suivent cette conversation : Youssef en a été prévenu.",
    );
    expect(items[1]).toHaveTextContent('Salam, comment vas-tu ?');
    expect(items[2]).toHaveTextContent(/^Youssefgift:4/);
    expect(items[3]).toHaveTextContent(/^YoussefUn cadeau/);
    expect(items[3]).not.toHaveTextContent('gift:4');
    expect(items[4]).toHaveTextContent(
      "À partir d’ici, les tuteurs d'Aminata ne suivent plus cette conversation : Youssef en a été prévenu.",
    );
    // Read-only: nothing to type in, nothing to send.
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('says a dead link does not work, and nothing more', async () => {
    mockEndpoints({
      guardianPage: {
        status: 404,
        body: { code: 'GUARDIAN_LINK_INVALID', message: 'This link does not work.' },
      },
    });
    await renderScreen(<GuardianPage token={TOKEN} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link does not work. Ask the person who sent it to you for a new one.',
    );
  });
});
