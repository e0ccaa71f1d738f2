import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderScreen, screen } from '@/test/render.tsx';
import { AccountSections } from './account-sections.tsx';

const noCopy = {
  status: 'none',
  requestedAt: null,
  readyAt: null,
  expiresAt: null,
  sizeBytes: null,
  downloadUrl: null,
};

describe('/mon-profil account sections', () => {
  it.each([
    ['en', 'Delete my account', 'Your password'],
    ['fr', 'Supprimer mon compte', 'Votre mot de passe'],
  ] as const)(
    'say nothing of Google when Google sign-in is off (%s)',
    async (language, open, password) => {
      const api = mockApi({
        'GET /api/config': { body: { googleClientId: null } },
        'GET /api/users/me/export': { body: noCopy },
      });
      await renderScreen(<AccountSections />, { language });
      const user = userEvent.setup();
      await user.click(
        within(screen.getByRole('region', { name: open })).getByRole('button', { name: open }),
      );
      const dialog = screen.getByRole('dialog');
      expect(within(dialog).getByLabelText(password)).toBeVisible();
      // Once the server has said Google sign-in is off, no line of the dialog speaks of Google.
      await waitFor(() =>
        expect(api.mock.calls.map(([url]) => String(url))).toContain('/api/config'),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(dialog.textContent).not.toContain('Google');
    },
  );
});
