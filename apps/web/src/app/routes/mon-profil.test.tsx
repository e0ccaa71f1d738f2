import { describe, expect, it, vi } from 'vitest';
import { mockEndpoints } from '@/test/api.ts';
import { aCurrentUser, noDataExport } from '@/test/fixtures.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { Component as MonProfil } from './mon-profil.tsx';

// The notifications section's chunk as on a slow network: it comes when the test says.
const arrival = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { asked: false, arrived, arrive: () => arrive() };
});
vi.mock('@/features/notifications/components/notifications-section.tsx', async (original) => {
  arrival.asked = true;
  await arrival.arrived;
  return original();
});

describe('/mon-profil while a section of its own chunk loads', () => {
  it('holds back the sections below it, so the account’s buttons never move once shown', async () => {
    mockEndpoints({
      currentUser: { body: aCurrentUser() },
      verification: {
        body: { status: 'none', trigger: null, reason: null, retryAfter: null, verified: false },
      },
      dataExport: { body: noDataExport },
    });
    await renderScreen(<MonProfil />, { route: '/mon-profil' });
    await screen.findByRole('button', { name: 'Choose a plan' });
    await vi.waitFor(() => expect(arrival.asked).toBe(true));
    expect(screen.queryByRole('region', { name: 'Delete my account' })).toBeNull();

    arrival.arrive();
    expect(await screen.findByRole('region', { name: 'Delete my account' })).toBeVisible();
  });
});
