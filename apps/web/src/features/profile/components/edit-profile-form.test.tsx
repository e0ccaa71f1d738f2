import { describe, expect, it, vi } from 'vitest';
import { mockEndpoints } from '@/test/api.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { aCurrentUser } from '../test/fixtures.ts';
import { EditProfilePage } from './edit-profile-page.tsx';

// The verification section's own chunk (the camera) as on a slow network: it never arrives.
vi.mock('./verification-section.tsx', () => new Promise(() => {}));

describe('the profile page while the verification section loads', () => {
  it('already shows the section, pending, so what follows it does not move when it comes', async () => {
    mockEndpoints({ currentUser: { body: aCurrentUser() } });
    await renderScreen(<EditProfilePage />, { route: '/mon-profil', language: 'fr' });
    await screen.findByRole('button', { name: 'Enregistrer mon profil' });
    const section = screen.getByRole('region', { name: 'Se faire vérifier' });
    expect(section).toHaveTextContent('Chargement de votre vérification…');
  });
});
