import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockEndpoints } from '@/test/api.ts';
import { noDataExport } from '@/test/fixtures.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { AccountSections } from './account-sections.tsx';

describe('/mon-profil account sections', () => {
  it.each([
    ['en', 'Delete my account', 'Your password'],
    ['fr', 'Supprimer mon compte', 'Votre mot de passe'],
  ] as const)(
    'say nothing of Google when Google sign-in is off (%s)',
    async (language, open, password) => {
      const api = mockEndpoints({
        clientConfig: { body: { googleClientId: null, vapidPublicKey: 'BPub' } },
        dataExport: { body: noDataExport },
      });
      await renderScreen(<AccountSections />, { language });
      const user = userEvent.setup();
      await user.click(
        within(screen.getByRole('region', { name: open })).getByRole('button', { name: open }),
      );
      const dialog = screen.getByRole('dialog');
      expect(within(dialog).getByLabelText(password)).toBeEnabled();
      // Once the server has said Google sign-in is off, no line of the dialog speaks of Google.
      await waitFor(() =>
        expect(api.mock.calls.map(([url]) => String(url))).toContain('/api/config'),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(dialog.textContent).not.toContain('Google');
    },
  );
});
