import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockEndpoints } from '@/test/api.ts';
import { aDataExport, noDataExport } from '@/test/fixtures.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { savedFiles } from '@/test/saved-files.ts';
import { DataExportSection } from './data-export-section.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';

beforeEach(() => {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem(
    'currentUser',
    JSON.stringify({ id: 'me-1', name: 'Moussa', mediaUrls: [] }),
  );
});

const none = noDataExport;
const pending = aDataExport('pending', { requestedAt: '2026-11-25T10:00:00Z' });
const ready = aDataExport('ready', {
  requestedAt: '2026-11-25T10:00:00Z',
  readyAt: '2026-11-25T12:01:00Z',
  // Midday UTC: the same day in every time zone the suite may run in.
  expiresAt: '2026-11-26T12:01:00Z',
  sizeBytes: 2.5 * 1024 * 1024,
});

const section = (name: string) => screen.getByRole('region', { name });

const saved = savedFiles();

describe('Download my data', () => {
  it('asks for a copy, then says it is being prepared', async () => {
    const api = mockEndpoints({
      dataExport: { body: none },
      requestDataExport: { status: 202, body: pending },
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

  it('offers the ready copy with its size, how long it stays available and until when', async () => {
    mockEndpoints({ dataExport: { body: ready } });
    await renderScreen(<DataExportSection />);
    expect(await screen.findByRole('button', { name: 'Download my data' })).toBeEnabled();
    expect(section('Download my data')).toHaveTextContent(
      /Your copy is ready \(2\.5 MB\)\. It stays available for 24 hours, until November 26, 2026 at \d{1,2}:\d{2}\s[AP]M\./,
    );
    expect(screen.getByRole('button', { name: 'Prepare a new copy' })).toBeEnabled();
  });

  it('downloads the copy with the session’s token and saves it under the server’s name', async () => {
    const fetched: Array<[string, string | null]> = [];
    mockEndpoints({
      dataExport: { body: ready },
      downloadDataExport: ({ url, headers }) => {
        fetched.push([url, headers.get('authorization')]);
        return {
          file: new Uint8Array([0x50, 0x4b, 3, 4]),
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="mawadda-data-2026-11-25.zip"',
          },
        };
      },
    });
    await renderScreen(<DataExportSection />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ name: 'mawadda-data-2026-11-25.zip', size: 4 });
    expect(fetched).toContainEqual(['/api/users/me/export/file', 'Bearer token']);
  });

  it('says when the copy is gone meanwhile, and asks for its state again', async () => {
    const api = mockEndpoints({
      dataExport: { body: ready },
      downloadDataExport: {
        status: 404,
        body: { code: 'DATA_EXPORT_UNAVAILABLE', message: 'No copy' },
      },
    });
    await renderScreen(<DataExportSection />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await within(section('Download my data')).findByRole('alert')).toHaveTextContent(
      'No copy of your data is ready to download: it has expired or was replaced.',
    );
    await waitFor(() =>
      expect(api.mock.calls.filter(([url]) => url === '/api/users/me/export')).toHaveLength(2),
    );
    expect(saved).toEqual([]);
  });

  it('speaks French, with the date and time in French', async () => {
    mockEndpoints({ dataExport: { body: pending } });
    const { unmount } = await renderScreen(<DataExportSection />, { language: 'fr' });
    await screen.findByText(/Votre copie est en cours de préparation/);
    expect(section('Télécharger mes données')).toHaveTextContent(
      /Votre copie est en cours de préparation/,
    );
    unmount();
    mockEndpoints({ dataExport: { body: ready } });
    await renderScreen(<DataExportSection />, { language: 'fr' });
    expect(await screen.findByRole('button', { name: 'Télécharger mes données' })).toBeEnabled();
    expect(section('Télécharger mes données')).toHaveTextContent(
      /Votre copie est prête \(2,5\sMo\)\. Elle reste disponible 24 heures, jusqu'au 26 novembre 2026 à \d{2}:\d{2}\./,
    );
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
    mockEndpoints({
      passkeys: { body: { passkeys: [], passwordSignIn: true } },
      deleteAccount: ({ body }) => {
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
    mockEndpoints({
      passkeys: { body: { passkeys: [], passwordSignIn: true } },
      deleteAccount: ({ body }) => {
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
