import type { DataExport } from '@mawadda/contract';
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen, screen } from '@/test/render.tsx';
import { DataExportSection } from './data-export-section.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';

beforeEach(() => {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem(
    'currentUser',
    JSON.stringify({ id: 'me-1', name: 'Moussa', mediaUrls: [] }),
  );
});

const none: DataExport = {
  status: 'none',
  requestedAt: null,
  readyAt: null,
  expiresAt: null,
  sizeBytes: null,
  downloadUrl: null,
};
const pending: DataExport = { ...none, status: 'pending', requestedAt: '2026-11-25T10:00:00Z' };
const ready: DataExport = {
  ...pending,
  status: 'ready',
  readyAt: '2026-11-25T10:01:00Z',
  expiresAt: '2026-11-26T10:01:00Z',
  sizeBytes: 2.5 * 1024 * 1024,
  downloadUrl: '/data-exports/abc.zip?m=me-1&e=1&s=x',
};

const section = (name: string) => screen.getByRole('region', { name });

describe('Download my data', () => {
  it('asks for a copy, then says it is being prepared', async () => {
    const api = mockApi({
      'GET /api/users/me/export': { body: none },
      'POST /api/users/me/export': { status: 202, body: pending },
    });
    await renderScreen(<DataExportSection />);
    const button = await screen.findByRole('button', { name: 'Prepare my data' });
    await userEvent.setup().click(button);
    expect(await within(section('Download my data')).findByRole('status')).toHaveTextContent(
      'Your copy is being prepared.',
    );
    expect(screen.queryByRole('button', { name: /Prepare/ })).toBeNull();
    expect(api.mock.calls.map(([, init]) => init?.method ?? 'GET')).toEqual(['GET', 'POST']);
  });

  it('offers the ready copy with its size and the time it stops being offered', async () => {
    mockApi({ 'GET /api/users/me/export': { body: ready } });
    await renderScreen(<DataExportSection />);
    const link = await screen.findByRole('link', { name: 'Download my data' });
    expect(link).toHaveAttribute('href', ready.downloadUrl);
    expect(link).toHaveAttribute('download');
    expect(section('Download my data')).toHaveTextContent(
      /Your copy is ready \(2\.5 MB\)\. Available until November 26, 2026/,
    );
    expect(screen.getByRole('button', { name: 'Prepare a new copy' })).toBeVisible();
  });

  it('speaks French', async () => {
    mockApi({ 'GET /api/users/me/export': { body: pending } });
    await renderScreen(<DataExportSection />, { language: 'fr' });
    expect(await screen.findByText(/Votre copie est en cours de préparation/)).toBeVisible();
    expect(section('Télécharger mes données')).toBeVisible();
  });
});

describe('Delete my account', () => {
  async function openDialog(language: 'en' | 'fr' = 'en') {
    const onDeleted = vi.fn();
    await renderScreen(<DeleteAccountSection onDeleted={onDeleted} />, { language });
    const user = userEvent.setup();
    await user.click(
      screen.getByRole('button', {
        name: language === 'en' ? 'Delete my account' : 'Supprimer mon compte',
      }),
    );
    return { user, onDeleted, dialog: screen.getByRole('dialog') };
  }

  it('says what is erased and kept, refuses a wrong password, and deletes with the right one', async () => {
    const sent: unknown[] = [];
    mockApi({
      'DELETE /api/users/me': ({ body }) => {
        sent.push(body);
        return (body as { password: string }).password === 'right-password'
          ? { body: { message: 'Your account was deleted.' } }
          : {
              status: 403,
              body: {
                code: 'DELETE_PASSWORD_WRONG',
                message: 'This is not your password. Your account was not deleted.',
              },
            };
      },
    });
    const { user, onDeleted, dialog } = await openDialog();
    expect(dialog).toHaveAccessibleName('Delete your account?');
    expect(dialog).toHaveTextContent(/Erased at once: your profile, your photos/);
    expect(dialog).toHaveTextContent(/shown as from “a deleted member”; payment records are kept/);
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account for good' });
    expect(confirm).toBeDisabled();

    const password = within(dialog).getByLabelText('Your password');
    await user.type(password, 'wrong-password');
    await user.click(confirm);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This is not your password. Your account was not deleted.',
    );
    expect(onDeleted).not.toHaveBeenCalled();

    await user.clear(password);
    await user.type(password, 'right-password');
    await user.click(confirm);
    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    expect(sent).toEqual([{ password: 'wrong-password' }, { password: 'right-password' }]);
  });

  it('confirms with a fresh Google sign-in when the app offers one', async () => {
    const sent: unknown[] = [];
    mockApi({
      'DELETE /api/users/me': ({ body }) => {
        sent.push(body);
        return { body: { message: 'Your account was deleted.' } };
      },
    });
    const onDeleted = vi.fn();
    await renderScreen(
      <DeleteAccountSection
        onDeleted={onDeleted}
        googleConfirm={(onToken, intro) => (
          <>
            {intro}
            <button type="button" onClick={() => onToken('google-id-token')}>
              Continue with Google
            </button>
          </>
        )}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Signed up with Google? Confirm by signing in with Google again:',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Continue with Google' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Google sign-in received');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    expect(sent).toEqual([{ googleToken: 'google-id-token' }]);
  });

  it('speaks French, and Cancel closes the dialog', async () => {
    const { user, dialog } = await openDialog('fr');
    expect(dialog).toHaveAccessibleName('Supprimer votre compte ?');
    expect(dialog).toHaveTextContent(/« un membre supprimé »/);
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Supprimer mon compte' })).toHaveFocus();
  });
});
