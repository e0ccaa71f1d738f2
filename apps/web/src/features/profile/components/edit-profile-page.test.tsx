import { BIO_MAX_LENGTH, EDIT_PROFILE_REDIRECT_MS } from '@mawadda/contract/constants';
import { act, fireEvent, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen, screen } from '../../../test/render.tsx';
import { aCurrentUser, imageFile, logIn, photo } from '../test/fixtures.ts';
import { EditProfilePage } from './edit-profile-page.tsx';

afterEach(() => {
  vi.useRealTimers();
});

type Sent = { url: string; body: unknown };

/** Serves the member's profile and records what the form sends. */
function serve(
  user = aCurrentUser(),
  update?: (form: FormData) => { status?: number; body?: unknown },
) {
  const sent: Sent[] = [];
  const fetch = mockApi({
    'GET /api/users/me': { body: user },
    'PUT /api/users/update': ({ url, body }) => {
      sent.push({ url, body });
      return update ? update(body as FormData) : { body: user };
    },
    'GET /api/geo/search': ({ url }) => {
      const q = new URL(url, 'http://localhost').searchParams.get('q');
      return {
        body: {
          results:
            q === 'Thiès'
              ? [
                  {
                    city: 'Thiès',
                    country: 'Sénégal',
                    countryCode: 'SN',
                    location: 'Thiès, Sénégal',
                    latitude: 14.79,
                    longitude: -16.93,
                  },
                ]
              : [],
        },
      };
    },
  });
  return { sent, fetch };
}

const updates = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'PUT');

async function show(language: 'en' | 'fr' = 'en') {
  const result = await renderScreen(<EditProfilePage />, { route: '/mon-profil', language });
  await screen.findByRole('button', {
    name: language === 'en' ? 'Save my profile' : 'Enregistrer mon profil',
  });
  return result;
}

describe('Edit profile', () => {
  it('shows the profile in the form, with one heading 1 and a delete button per photo', async () => {
    const user = aCurrentUser({ hasChildren: 'not specified', skinTone: null });
    logIn(user);
    serve(user);
    await show();

    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'My profile',
    ]);
    expect(document.title).toBe('My profile · Mawadda');
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Amina Diallo');
    expect((screen.getByLabelText('Age') as HTMLInputElement).value).toBe('29');
    expect((screen.getByLabelText('City and country') as HTMLInputElement).value).toBe(
      'Dakar, Sénégal',
    );
    expect((screen.getByRole('radio', { name: 'Woman' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Single' }) as HTMLInputElement).checked).toBe(true);
    expect(
      (screen.getByRole('radio', { name: 'Prefer not to say' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect((screen.getByRole('radio', { name: 'Not specified' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.getByRole('img', { name: 'Photo 1' }).getAttribute('src')).toBe(
      '/media/photos/p1-thumb.webp',
    );
    expect(screen.getByRole('button', { name: 'Delete photo 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete photo 2' })).toBeTruthy();
    expect(screen.queryByText("Let's complete your profile")).toBeNull();
  });

  it('refuses an age of 17 and sends nothing', async () => {
    const user = aCurrentUser();
    logIn(user);
    const { fetch } = serve(user);
    await show();
    const person = userEvent.setup();

    const age = screen.getByLabelText('Age');
    await person.clear(age);
    await person.type(age, '17');
    await person.click(screen.getByRole('button', { name: 'Save my profile' }));

    expect(await screen.findByText('Minimum age is 18 years old')).toBeTruthy();
    expect(age.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(age);
    expect(updates(fetch)).toHaveLength(0);
  });

  it('refuses to remove the last photo without adding one, until a photo is added', async () => {
    const user = aCurrentUser({ photos: [photo('only')] });
    logIn(user);
    const { fetch, sent } = serve(user);
    await show();
    const person = userEvent.setup();

    await person.click(screen.getByRole('button', { name: 'Delete photo 1' }));
    expect(screen.queryByRole('img', { name: 'Photo 1' })).toBeNull();
    expect(screen.getByText('1 photo will be deleted when you save.')).toBeTruthy();
    await person.click(screen.getByRole('button', { name: 'Save my profile' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Please add at least one photo.');
    expect(updates(fetch)).toHaveLength(0);
    const input = screen.getByLabelText('Add photos');
    expect(document.activeElement).toBe(input);

    await person.upload(input, imageFile('new.jpg'));
    expect(screen.queryByText('Please add at least one photo.')).toBeNull();
    await person.click(screen.getByRole('button', { name: 'Save my profile' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const form = sent[0]?.body as FormData;
    expect(form.getAll('imagesToRemove')).toEqual(['/media/photos/only.webp']);
    expect((form.getAll('profilePicture') as File[]).map((f) => f.name)).toEqual(['new.jpg']);
  });

  it('sends the fields, imagesToRemove and the new files, says so, then goes to suggestions after 1.5 s', async () => {
    const user = aCurrentUser();
    logIn(user);
    const saved = aCurrentUser({
      name: 'Amina Diallo Ba',
      photos: [photo('p1'), photo('p3')],
    });
    const { sent } = serve(user, () => ({ body: saved }));
    await show();
    const person = userEvent.setup();

    await person.type(screen.getByLabelText('Full name'), ' Ba');
    await person.click(screen.getByRole('radio', { name: 'I have children' }));
    await person.click(screen.getByRole('radio', { name: 'Dark' }));
    await person.click(screen.getByRole('button', { name: 'Delete photo 2' }));
    await person.upload(screen.getByLabelText('Add photos'), [
      imageFile('first.jpg'),
      imageFile('second.png', 4096, 'image/png'),
    ]);
    expect(screen.getByRole('img', { name: 'Photo 2, new' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete photo 3' })).toBeTruthy();

    // From here the redirect's timer is under the test's control. (Testing Library's async
    // helpers wait on setTimeout themselves, so the click and the waits below do not use them.)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Save my profile' }));
    // vi.waitFor moves the fake clock by its interval at each check: 1 ms.
    await vi.waitFor(() => screen.getByText('Profile updated successfully!'), { interval: 1 });
    expect(screen.getByText('Taking you to your suggestions…')).toBeTruthy();
    expect(sent).toHaveLength(1);
    const form = sent[0]?.body as FormData;
    expect(
      Object.fromEntries([...form.keys()].map((key) => [key, form.getAll(key).length])),
    ).toEqual({
      name: 1,
      age: 1,
      gender: 1,
      maritalStatus: 1,
      location: 1,
      hasChildren: 1,
      skinTone: 1,
      bio: 1,
      imagesToRemove: 1,
      profilePicture: 2,
    });
    expect(form.get('name')).toBe('Amina Diallo Ba');
    expect(form.get('age')).toBe('29');
    expect(form.get('gender')).toBe('femme');
    expect(form.get('maritalStatus')).toBe('celibataire');
    expect(form.get('hasChildren')).toBe('yes');
    expect(form.get('skinTone')).toBe('fonce');
    expect(form.get('location')).toBe('Dakar, Sénégal');
    expect(form.getAll('imagesToRemove')).toEqual(['/media/photos/p2.webp']);
    expect((form.getAll('profilePicture') as File[]).map((f) => f.name)).toEqual([
      'first.jpg',
      'second.png',
    ]);
    // The location did not change: no coordinates, the server keeps the member's own.
    expect(form.has('latitude')).toBe(false);

    expect(JSON.parse(localStorage.getItem('currentUser') ?? '{}')).toMatchObject({
      name: 'Amina Diallo Ba',
      mediaUrls: ['/media/photos/p1.webp', '/media/photos/p3.webp'],
    });
    expect(screen.getByRole('button', { name: 'Save my profile' }).hasAttribute('disabled')).toBe(
      true,
    );

    act(() => vi.advanceTimersByTime(EDIT_PROFILE_REDIRECT_MS - 200));
    expect(screen.queryByRole('heading', { name: 'Screen /suggestions' })).toBeNull();
    expect(screen.getByText('Profile updated successfully!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('heading', { name: 'Screen /suggestions' })).toBeTruthy();
  });

  it('shows the spec failure message with the server message in French, and the field error', async () => {
    const user = aCurrentUser();
    logIn(user);
    serve(user, () => ({
      status: 400,
      body: {
        message: 'Minimum age is 18 years old',
        errors: [{ path: 'age', message: 'Minimum age is 18 years old' }],
      },
    }));
    await show('fr');
    const person = userEvent.setup();

    await person.click(screen.getByRole('button', { name: 'Enregistrer mon profil' }));

    const alert = await screen.findByText('Erreur lors de la mise à jour');
    expect(alert.parentElement?.textContent).toContain("L'âge minimum est de 18 ans");
    expect(screen.getByLabelText('Âge').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('heading', { name: 'Screen /suggestions' })).toBeNull();
  });

  it('says why a member is here when the profile is incomplete', async () => {
    const user = aCurrentUser({ gender: null, bio: null, photos: [], profileComplete: false });
    logIn(user);
    serve(user);
    await show();

    const note = screen.getByRole('region', { name: "Let's complete your profile" });
    expect(note.textContent).toContain(
      'your profile still needs a photo, your gender, and a few words about you',
    );
    expect(screen.getByText('0 photos of 6')).toBeTruthy();
  });

  it('refuses files that are not images, over 10 MB, or beyond six photos', async () => {
    const user = aCurrentUser({
      photos: [photo('a'), photo('b'), photo('c'), photo('d'), photo('e')],
    });
    logIn(user);
    serve(user);
    await show();
    const person = userEvent.setup({ applyAccept: false });

    await person.upload(screen.getByLabelText('Add photos'), [
      new File(['%PDF'], 'document.pdf', { type: 'application/pdf' }),
      imageFile('huge.jpg', 10 * 1024 * 1024 + 1),
      imageFile('sixth.jpg'),
      imageFile('seventh.jpg'),
    ]);

    const messages = within(screen.getByRole('alert')).getAllByRole('listitem');
    expect(messages.map((item) => item.textContent)).toEqual([
      'document.pdf is not an image. Please choose a JPEG, PNG, WebP or AVIF photo.',
      'huge.jpg is over 10 MB. Please choose a smaller photo.',
      'seventh.jpg was not added: a profile holds at most 6 photos.',
    ]);
    expect(screen.getByRole('img', { name: 'Photo 6, new' })).toBeTruthy();
    expect(screen.queryByLabelText('Add photos')).toBeNull();
    expect(screen.getByText(/6 photos of 6/).textContent).toContain('the most a profile can hold');
  });

  it('geocodes a new location after the member stops typing, and sends its coordinates', async () => {
    const user = aCurrentUser();
    logIn(user);
    const { sent } = serve(user);
    await show();
    const person = userEvent.setup();

    const location = screen.getByLabelText('City and country');
    await person.clear(location);
    await person.type(location, 'Thiès');
    expect(
      await screen.findByText('We will place you in Thiès, Sénégal.', {}, { timeout: 3000 }),
    ).toBeTruthy();
    await person.click(screen.getByRole('button', { name: 'Save my profile' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const form = sent[0]?.body as FormData;
    expect(form.get('location')).toBe('Thiès');
    expect(form.get('latitude')).toBe('14.79');
    expect(form.get('longitude')).toBe('-16.93');
  });

  it('turns the bio counter red above 900 characters and stops at 1000', async () => {
    const user = aCurrentUser({ bio: '' });
    logIn(user);
    serve(user);
    await show();
    const person = userEvent.setup();

    const bio = screen.getByLabelText('Bio');
    await person.click(bio);
    await person.paste('a'.repeat(900));
    const counter = screen.getByText(`900 / ${BIO_MAX_LENGTH}`);
    expect(counter.getAttribute('data-state')).toBe('normal');
    await person.paste('b');
    expect(counter.getAttribute('data-state')).toBe('warning');
    expect(counter.textContent).toBe('901 / 1000 · 99 characters left');
    expect(bio.getAttribute('maxlength')).toBe('1000');
  });
});
