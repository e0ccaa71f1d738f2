import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockEndpoints, type Refusal } from '@/test/api.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { signInModerator } from '../test/moderator.ts';
import { ModerationPage } from './moderation-page.tsx';

const webauthn = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  startAuthentication: webauthn.startAuthentication,
}));

const ASSERTION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', authenticatorData: 'YXV0aA', signature: 'c2ln' },
  clientExtensionResults: {},
};

beforeEach(signInModerator);

const SECRET = 'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP';
const URI = `otpauth://totp/Mawadda:mod%40example.org?issuer=Mawadda&secret=${SECRET.replace(/ /g, '')}&algorithm=SHA1&digits=6&period=30`;
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

const refusal = (code: string, status: Refusal['status'] = 403): Refusal => ({
  status,
  body: { code, message: code },
});

/** The queue answers `gate` until the session proved a factor, then an empty queue. */
function gatedQueue(gate: string) {
  let proved = false;
  const sent: unknown[] = [];
  mockEndpoints({
    moderationQueue: () => (proved ? { body: [] } : refusal(gate)),
    verificationQueue: () => (proved ? { body: [] } : refusal(gate)),
    setUpTotp: { body: { uri: URI, secret: SECRET } },
    confirmTotp: ({ body }) => {
      sent.push(body);
      if ((body as { code: string }).code !== '123456') return refusal('TOTP_CODE_INVALID', 400);
      proved = true;
      return { body: { recoveryCodes: CODES } };
    },
    passkeyConfirmOptions: { body: { challenge: 'Y2hhbGxlbmdl', userVerification: 'required' } },
    passkeyConfirm: ({ body }) => {
      sent.push(body);
      proved = true;
      return { body: { message: 'Confirmed.' } };
    },
    proveSecondFactor: ({ body }) => {
      sent.push(body);
      if ((body as { code: string }).code === '111111') return refusal('TOTP_CODE_USED', 400);
      proved = true;
      return { body: { recoveryCodesLeft: 10 } };
    },
  });
  return sent;
}

describe('a moderator without a second factor', () => {
  it('sets up an app: key, first code, recovery codes kept until saved, then the queue', async () => {
    const user = userEvent.setup();
    const sent = gatedQueue('SECOND_FACTOR_SETUP_REQUIRED');
    await renderScreen(<ModerationPage />, { route: '/moderation' });
    await screen.findByRole('heading', {
      level: 1,
      name: 'Protect moderation with a second factor',
    });
    expect(screen.getByText(/add a passkey from your profile/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));

    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Add Mawadda to your app',
    });
    expect(heading).toHaveFocus();
    expect(
      screen.getByRole('link', { name: 'Open in my authenticator app (on this phone)' }),
    ).toHaveAttribute('href', URI);
    expect(screen.getByTestId('totp-secret')).toHaveTextContent(SECRET);

    const field = screen.getByRole('textbox', { name: '6-digit code from your app' });
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await user.click(screen.getByRole('button', { name: 'Confirm the app' }));
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Enter the 6-digit code from your authenticator app'),
    );
    expect(sent).toEqual([]);
    await user.type(field, '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm the app' }));
    expect(
      await screen.findByText(/This code is not right or no longer valid/),
    ).toBeInTheDocument();
    expect(field).toHaveValue('');
    await user.type(field, '123456{Enter}');

    await screen.findByRole('heading', { level: 1, name: 'Save your recovery codes' });
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(list).toHaveTextContent(CODES[0] ?? '');
    const done = screen.getByRole('button', { name: 'Continue to moderation' });
    expect(done).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I saved my recovery codes' }));
    await user.click(done);
    await screen.findByRole('heading', { level: 1, name: 'Reports to review' });
    expect(sent).toEqual([{ code: '654321' }, { code: '123456' }]);
  });

  it('is asked for a code when the session did not prove the factor it has, in French too', async () => {
    const user = userEvent.setup();
    const sent = gatedQueue('SECOND_FACTOR_REQUIRED');
    await renderScreen(<ModerationPage />, { route: '/fr/moderation', language: 'fr' });
    await screen.findByRole('heading', { level: 1, name: 'Confirmez que c’est vous' });
    const field = screen.getByRole('textbox', { name: 'Code' });
    await user.type(field, '111111{Enter}');
    expect(await screen.findByText(/Ce code a déjà servi/)).toBeInTheDocument();
    await user.type(field, 'abcd0-efgh0{Enter}');
    await screen.findByRole('heading', { level: 1, name: /signalements/i });
    expect(sent).toEqual([{ code: '111111' }, { code: 'abcd0-efgh0' }]);
  });

  it('may prove it with a passkey instead, and is told when the browser’s prompt was closed', async () => {
    const user = userEvent.setup();
    const sent = gatedQueue('SECOND_FACTOR_REQUIRED');
    webauthn.startAuthentication.mockRejectedValueOnce(
      new DOMException('closed', 'NotAllowedError'),
    );
    webauthn.startAuthentication.mockResolvedValueOnce(ASSERTION);
    await renderScreen(<ModerationPage />, { route: '/moderation' });
    const button = await screen.findByRole('button', { name: 'Use a passkey' });
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No passkey was used. Try again, or enter a code.',
    );
    await user.click(button);
    await screen.findByRole('heading', { level: 1, name: 'Reports to review' });
    expect(webauthn.startAuthentication).toHaveBeenLastCalledWith({
      optionsJSON: { challenge: 'Y2hhbGxlbmdl', userVerification: 'required' },
    });
    expect(sent).toEqual([{ credential: ASSERTION }]);
  });

  it('still shows the forbidden screen to a member who is no moderator', async () => {
    gatedQueue('MODERATORS_ONLY');
    await renderScreen(<ModerationPage />, { route: '/moderation' });
    await screen.findByRole('heading', { level: 1, name: 'This page is for moderators' });
  });
});
