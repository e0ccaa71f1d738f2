import type { GuardianOverview } from '@mawadda/contract';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockEndpoints } from '@/test/api.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { GuardiansSection } from './guardians-section.tsx';

const YOUSSEF = '22222222-2222-4222-8222-222222222222';
const GUARDIAN = '33333333-3333-4333-8333-333333333333';

beforeEach(() => {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem(
    'currentUser',
    JSON.stringify({ id: 'me-1', name: 'Aminata', mediaUrls: [] }),
  );
});

const empty: GuardianOverview = {
  guardians: [],
  followNewConversations: false,
  shownToFamilies: true,
  conversations: [{ userId: YOUSSEF, name: 'Youssef', followed: false, since: null }],
};
const father = {
  id: GUARDIAN,
  name: 'Mamadou Diallo',
  relation: 'father' as const,
  email: 'mamadou@example.org',
  language: 'fr' as const,
  createdAt: '2026-11-22T10:00:00.000Z',
  lastVisitAt: null,
};

describe('the guardians section', () => {
  it('names a guardian, then lets them follow a conversation', async () => {
    let overview = empty;
    const api = mockEndpoints({
      guardians: () => ({ body: overview }),
      addGuardian: () => {
        overview = { ...overview, guardians: [father] };
        return { status: 201, body: father };
      },
      followConversation: ({ body }) => {
        overview = {
          ...overview,
          conversations: [
            {
              userId: YOUSSEF,
              name: 'Youssef',
              followed: (body as { followed: boolean }).followed,
              since: '2026-11-22T10:00:00.000Z',
            },
          ],
        };
        return { body: overview };
      },
    });
    await renderScreen(<GuardiansSection />);
    await userEvent.type(await screen.findByLabelText('Name'), 'Mamadou Diallo');
    await userEvent.type(screen.getByLabelText('E-mail address'), 'mamadou@example.org');
    await userEvent.selectOptions(screen.getByLabelText('Language of the e-mail'), 'fr');
    await userEvent.click(screen.getByRole('button', { name: 'Add a guardian' }));
    expect(
      await screen.findByText('Mamadou Diallo was sent an e-mail with the link.'),
    ).toBeVisible();
    const added = api.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(added?.[1]?.body))).toEqual({
      name: 'Mamadou Diallo',
      relation: 'father',
      email: 'mamadou@example.org',
      language: 'fr',
    });
    expect(await screen.findByText('Has not opened the link yet')).toBeVisible();

    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Let them follow my conversation with Youssef' }),
    );
    expect(
      await screen.findByRole('checkbox', {
        name: 'Let them follow my conversation with Youssef',
        checked: true,
      }),
    ).toBeVisible();
  });

  it('shows names as every screen does, not as typed', async () => {
    mockEndpoints({
      guardians: () => ({
        body: {
          ...empty,
          guardians: [{ ...father, name: 'ibrahima SY' }],
          conversations: [{ userId: YOUSSEF, name: 'fatou diop', followed: false, since: null }],
        },
      }),
    });
    await renderScreen(<GuardiansSection />);
    expect(
      await screen.findByRole('checkbox', {
        name: 'Let them follow my conversation with Fatou Diop',
      }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Remove Ibrahima Sy' })).toBeVisible();
  });

  it('lets a member refuse being shown to her matches’ families', async () => {
    let overview = empty;
    const saved: unknown[] = [];
    mockEndpoints({
      guardians: () => ({ body: overview }),
      saveShownToFamilies: ({ body }) => {
        saved.push(body);
        overview = { ...overview, shownToFamilies: (body as { shown: boolean }).shown };
        return { body: body as { shown: boolean } };
      },
    });
    await renderScreen(<GuardiansSection />);
    const box = await screen.findByRole('checkbox', {
      name: 'Let my matches show my profile to their family for an opinion',
    });
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(saved).toEqual([{ shown: false }]);
    await expect.poll(() => box.matches(':checked')).toBe(false);
  });
});
