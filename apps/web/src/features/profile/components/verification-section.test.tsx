import type { VerificationState } from '@mawadda/contract';
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockEndpoints } from '@/test/api.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { aCurrentUser, logIn } from '../test/fixtures.ts';
import { EditProfilePage } from './edit-profile-page.tsx';

const none: VerificationState = {
  status: 'none',
  trigger: null,
  reason: null,
  retryAfter: null,
  verified: false,
};
const stopped = vi.fn();

/**
 * jsdom has no camera, video or canvas: a camera that grants itself (as the journeys' Chromium's
 * fake one does), a video of 640 × 480 and a canvas that gives a JPEG Blob.
 */
beforeEach(() => {
  stopped.mockReset();
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop: stopped }] })),
    },
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(640);
  vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(480);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage: vi.fn(),
  } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) =>
    done(new Blob(['jpeg'], { type: 'image/jpeg' })),
  );
  URL.createObjectURL = vi.fn(() => 'blob:selfie');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

function serve(state: VerificationState = none) {
  const user = aCurrentUser();
  logIn(user);
  const sent: FormData[] = [];
  mockEndpoints({
    currentUser: { body: user },
    verification: { body: state },
    verificationPose: { body: { pose: 'thumbs-up', expiresAt: '2026-11-26T10:10:00.000Z' } },
    requestVerification: ({ body }) => {
      sent.push(body as FormData);
      return { status: 201, body: { ...none, status: 'pending', trigger: 'member' } };
    },
  });
  return sent;
}

describe('Get verified', () => {
  it('shows the pose drawn, takes the photo with the camera and sends it as a Blob', async () => {
    const sent = serve();
    await renderScreen(<EditProfilePage />, { route: '/mon-profil', language: 'en' });
    // The section is drawn at once, pending, and filled in place once its code and state come.
    await screen.findByText('You are not verified yet.');
    const section = screen.getByRole('region', { name: 'Get verified' });
    const person = userEvent.setup();
    await person.click(within(section).getByRole('button', { name: 'Get verified' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your verification selfie' });
    expect(dialog).toHaveTextContent('Show a thumb up beside your face');
    // The camera, never a file: no input to pick a photo from the gallery.
    expect(dialog.querySelector('input[type=file]')).toBeNull();
    const take = within(dialog).getByRole('button', { name: 'Take the photo' });
    await vi.waitFor(() => expect(take).toBeEnabled());
    await person.click(take);
    expect(within(dialog).getByRole('img', { name: 'The photo you took' })).toBeVisible();
    await person.click(within(dialog).getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.get('pose')).toBe('thumbs-up');
    expect(sent[0]?.get('selfie')).toBeInstanceOf(Blob);
    await within(section).findByText('Sent: a moderator will look at your selfie.');
    // The dialog closed and the camera with it.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(stopped).toHaveBeenCalled();
  });

  it('tells a refused member why, in French, and from when they may try again', async () => {
    serve({
      status: 'refused',
      trigger: 'member',
      reason: 'photo-of-photo',
      retryAfter: '2026-11-27T10:00:00.000Z',
      verified: false,
    });
    await renderScreen(<EditProfilePage />, { route: '/mon-profil', language: 'fr' });
    await screen.findByText(
      'Votre selfie a été refusé : c’était la photo d’une photo ou d’un écran.',
    );
    const section = screen.getByRole('region', { name: 'Se faire vérifier' });
    expect(section).toHaveTextContent(/Vous pourrez réessayer à partir du 27 novembre 2026/);
    expect(within(section).queryByRole('button', { name: 'Réessayer' })).toBeNull();
  });

  it('after a re-check refused, says her photos did not match her selfie, not that a selfie was refused', async () => {
    serve({
      status: 'refused',
      trigger: 'main-photo-changed',
      reason: 'not-same-person',
      retryAfter: null,
      verified: false,
    });
    await renderScreen(<EditProfilePage />, { route: '/mon-profil', language: 'fr' });
    const section = await screen.findByRole('region', { name: 'Se faire vérifier' });
    await within(section).findByText(/Un modérateur n’a pas pu faire correspondre vos photos/);
    expect(section).toHaveTextContent('Motif : le selfie ne ressemble pas à vos photos de profil.');
    expect(section).not.toHaveTextContent('Votre selfie a été refusé');
  });

  it.each([
    [
      'en',
      'main-photo-changed',
      false,
      'You changed your main photo: a moderator is comparing it with the selfie you sent before. Your badge comes back once they confirm it is you.',
    ],
    [
      'fr',
      'main-photo-changed',
      false,
      'Vous avez changé votre photo principale : un modérateur la compare au selfie que vous avez envoyé. Votre badge reviendra dès qu’il aura confirmé que c’est bien vous.',
    ],
    [
      'en',
      'fake-profile-report',
      true,
      'A moderator is checking your profile again, comparing your photos with the selfie you sent before. Your badge stays on meanwhile.',
    ],
    [
      'fr',
      'fake-profile-report',
      true,
      'Un modérateur revérifie votre profil en comparant vos photos au selfie que vous avez envoyé. Votre badge reste affiché en attendant.',
    ],
  ] as const)(
    'says what a check the app started is about (%s, %s), never that a selfie waits',
    async (language, trigger, verified, text) => {
      serve({ status: 'pending', trigger, reason: null, retryAfter: null, verified });
      await renderScreen(<EditProfilePage />, { route: `/${language}/mon-profil`, language });
      await screen.findByText(text);
      const section = screen.getByRole('region', {
        name: language === 'en' ? 'Get verified' : 'Se faire vérifier',
      });
      expect(section).not.toHaveTextContent(/Your selfie is waiting|Votre selfie attend/);
      expect(within(section).queryByRole('button')).toBeNull();
    },
  );

  it('says when the camera cannot be opened', async () => {
    serve();
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: {
        getUserMedia: vi.fn(async () => {
          throw new DOMException('denied', 'NotAllowedError');
        }),
      },
    });
    await renderScreen(<EditProfilePage />, { route: '/mon-profil', language: 'en' });
    await screen.findByText('You are not verified yet.');
    const section = screen.getByRole('region', { name: 'Get verified' });
    const person = userEvent.setup();
    await person.click(within(section).getByRole('button', { name: 'Get verified' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your verification selfie' });
    await within(dialog).findByText(/The camera could not be opened/);
    expect(within(dialog).getByRole('button', { name: 'Take the photo' })).toBeDisabled();
  });
});
