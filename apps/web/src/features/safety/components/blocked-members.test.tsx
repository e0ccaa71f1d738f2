import type { BlockedMember } from '@mawadda/contract';
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockEndpoints } from '@/test/api.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { BlockedMembers } from './blocked-members.tsx';

const blocked: BlockedMember[] = [
  { id: 'awa-2', name: 'awa diop', mediaUrls: [], blockedAt: '2026-11-24T10:00:00.000Z' },
  { id: 'omar-3', name: 'Omar Sy', mediaUrls: [], blockedAt: '2026-11-20T10:00:00.000Z' },
];

beforeEach(() => {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem(
    'currentUser',
    JSON.stringify({ id: 'me-1', name: 'Moussa', mediaUrls: [] }),
  );
});

const section = (name: RegExp | string) => screen.getByRole('region', { name });

describe('Blocked members', () => {
  it('lists them with the day of the block, and unblocks one', async () => {
    const api = mockEndpoints({
      blockedMembers: { body: blocked },
      unblock: { body: { message: 'Unblocked' } },
    });
    await renderScreen(<BlockedMembers />);
    const list = await screen.findByRole('list', { name: 'Blocked members' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Awa DiopBlocked on November 24, 2026'),
      expect.stringContaining('Omar SyBlocked on November 20, 2026'),
    ]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unblock Awa Diop' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('status')).toHaveTextContent('Awa Diop is unblocked.');
    expect(screen.getByRole('heading', { name: 'Blocked members' })).toHaveFocus();
    expect(
      api.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => url),
    ).toEqual(['/api/users/awa-2/block']);
  });

  it('says when nobody is blocked, in French', async () => {
    mockEndpoints({ blockedMembers: { body: [] } });
    await renderScreen(<BlockedMembers />, { language: 'fr' });
    await within(section('Membres bloqués')).findByText("Vous n'avez bloqué personne.");
  });

  it('says when an unblock failed', async () => {
    mockEndpoints({
      blockedMembers: { body: blocked },
      unblock: { status: 503, body: {} },
    });
    await renderScreen(<BlockedMembers />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Unblock Omar Sy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Omar Sy could not be unblocked. Try again.',
    );
    expect(screen.getByRole('button', { name: 'Unblock Omar Sy' })).toBeEnabled();
  });

  it('offers to try again when the list could not be loaded', async () => {
    mockEndpoints({ blockedMembers: { status: 500, body: {} } });
    await renderScreen(<BlockedMembers />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The members you blocked could not be loaded.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});
