import { BIO_MAX_LENGTH, EDIT_PROFILE_REDIRECT_MS } from '@mawadda/contract/constants';
import { act, fireEvent, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { discoveryKeys } from '@/lib/query-keys.ts';
import { mockEndpoints, type Reply } from '@/test/api.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { aCurrentUser, imageFile, logIn, photo } from '../test/fixtures.ts';
import { EditProfilePage } from './edit-profile-page.tsx';

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'geolocation');
});

const place = (city: string, latitude: number, longitude: number) => ({
  city,
  country: 'Sénégal',
  countryCode: 'SN',
  location: `${city}, Sénégal`,
  latitude,
  longitude,
});
const thies = place('Thiès', 14.79, -16.93);
const mbour = place('Mbour', 14.42, -16.96);

type Sent = { url: string; body: unknown };

/** Serves the member's profile and records what the form sends. */
function serve(user = aCurrentUser(), update?: (form: FormData) => Reply<'updateProfile'>) {
  const sent: Sent[] = [];
  const fetch = mockEndpoints({
    currentUser: { body: user },
    updateProfile: ({ url, body }) => {
      sent.push({ url, body });
      return update ? update(body as FormData) : { body: user };
    },
    searchPlaces: ({ url }) => {
      const q = new URL(url, 'http://localhost').searchParams.get('q') ?? '';
      return { body: { results: [thies, mbour].filter((p) => q.startsWith(p.city)) } };
    },
    reverseGeocode: { body: thies },
    verification: {
      body: { status: 'none', trigger: null, reason: null, retryAfter: null, verified: false },
    },
  });
  return { sent, fetch };
}

const updates = (spy: MockInstance<typeof fetch>) =>
  spy.mock.calls.filter(([, init]) => init?.method === 'PUT');

async function show(language: 'en' | 'fr' = 'en') {
  const result = await renderScreen(<EditProfilePage />, { route: '/mon-profil', language });
  await screen.findByRole('button', {
    name: language === 'en' ? 'Save my profile' : 'Enregistrer mon profil',
  });
  return result;
}

describe('Edit profile', () => {
  it('says when the profile cannot be loaded, under the page heading, and loads it on retry', async () => {
    logIn(aCurrentUser());
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    mockEndpoints({
      currentUser: () =>
        fail
          ? { status: 500, body: { code: 'UNEXPECTED_ERROR', message: 'Unexpected server error' } }
          : { body: aCurrentUser() },
    });
    await renderScreen(<EditProfilePage />, { route: '/mon-profil' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Your profile could not be loaded.');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'My profile',
    ]);
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Save my profile' })).toBeEnabled();
    expect(screen.queryByRole('alert')).toBeNull();
    logged.mockRestore();
  });

  it('shows the profile in the form, with one heading 1 and a delete button per photo', async () => {
    const user = aCurrentUser({ hasChildren: 'not specified', skinTone: null });
    logIn(user);
    serve(user);
    await show();

    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'My profile',
    ]);
    expect(document.title).toBe('My profile · Mawadda');
    expect(screen.getByLabelText('Full name')).toHaveValue('Amina Diallo');
    expect(screen.getByLabelText('Age')).toHaveValue(29);
    expect(screen.getByLabelText('City and country')).toHaveValue('Dakar, Sénégal');
    expect(screen.getByRole('radio', { name: 'Woman' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Single' })).toBeChecked();
    const children = screen.getByRole('group', { name: 'Children' });
    expect(within(children).getByRole('radio', { name: 'Prefer not to say' })).toBeChecked();
    const skinTone = screen.getByRole('group', { name: 'Skin tone (optional)' });
    expect(within(skinTone).getByRole('radio', { name: 'Prefer not to say' })).toBeChecked();
    expect(screen.getByRole('img', { name: 'Photo 1' })).toHaveAttribute(
      'src',
      '/media/photos/p1-thumb.webp',
    );
    expect(screen.getByRole('button', { name: 'Delete photo 1' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete photo 2' })).toBeEnabled();
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

    await vi.waitFor(() => expect(age).toHaveAccessibleDescription('Minimum age is 18 years old'));
    expect(age).toHaveAttribute('aria-invalid', 'true');
    expect(age).toHaveFocus();
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
    screen.getByText('1 photo will be deleted when you save.');
    await person.click(screen.getByRole('button', { name: 'Save my profile' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Please add at least one photo\.$/);
    expect(updates(fetch)).toHaveLength(0);
    const input = screen.getByLabelText('Add photos');
    expect(input).toHaveFocus();

    await person.upload(input, imageFile('new.jpg'));
    // The photo joins once its bytes are read.
    await vi.waitFor(() => expect(screen.queryByText('Please add at least one photo.')).toBeNull());
    await person.click(screen.getByRole('button', { name: 'Save my profile' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const form = sent[0]?.body as FormData;
    expect(form.getAll('imagesToRemove')).toEqual(['/media/photos/only.webp']);
    expect((form.getAll('profilePicture') as File[]).map((f) => f.name)).toEqual(['new.jpg']);
  });

  it('answers prompts chosen from the list, with a counter, reordered and removed, sent in their order', async () => {
    const user = aCurrentUser({
      promptAnswers: [{ prompt: 'marriage-means', answer: 'Une alliance pour la vie.' }],
    });
    logIn(user);
    const { sent } = serve(user, () => ({ body: user }));
    await show();
    const person = userEvent.setup();
    const section = screen.getByRole('region', { name: 'Prompts to answer' });
    within(section).getByLabelText('What marriage means to me');
    // A prompt already answered is not offered again.
    const choice = within(section).getByLabelText('Choose a prompt');
    expect(within(choice).queryByRole('option', { name: 'What marriage means to me' })).toBeNull();
    await person.selectOptions(choice, 'An ideal day with family');
    await person.click(within(section).getByRole('button', { name: 'Add this prompt' }));
    const answer = within(section).getByLabelText('An ideal day with family');
    await person.type(answer, 'Le vendredi en famille');
    within(section).getByText('22 / 300');
    expect(answer).toHaveAttribute('maxLength', '300');
    await person.click(
      within(section).getByRole('button', { name: 'Move up: An ideal day with family' }),
    );
    await person.selectOptions(choice, 'How I like to spend a weekend');
    await person.click(within(section).getByRole('button', { name: 'Add this prompt' }));
    await person.click(
      within(section).getByRole('button', {
        name: 'Remove the prompt: How I like to spend a weekend',
      }),
    );
    await person.click(screen.getByRole('button', { name: 'Save my profile' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const form = sent[0]?.body as FormData;
    expect(JSON.parse(String(form.get('promptAnswers')))).toEqual([
      { prompt: 'ideal-family-day', answer: 'Le vendredi en famille' },
      { prompt: 'marriage-means', answer: 'Une alliance pour la vie.' },
    ]);
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
    screen.getByRole('img', { name: 'Photo 2, new' });
    expect(screen.getByRole('button', { name: 'Delete photo 3' })).toBeEnabled();

    // From here the redirect's timer is under the test's control. (Testing Library's async
    // helpers wait on setTimeout themselves, so the click and the waits below do not use them.)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Save my profile' }));
    // vi.waitFor moves the fake clock by its interval at each check: 1 ms.
    await vi.waitFor(() => screen.getByText('Profile updated successfully!'), { interval: 1 });
    screen.getByText('Taking you to your suggestions…');
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
      photosBlurred: 1,
      verifiedWritersOnly: 1,
      womenWriteFirst: 1,
      faithFamily: 1,
      promptAnswers: 1,
      imagesToRemove: 1,
      profilePicture: 2,
    });
    expect(form.get('photosBlurred')).toBe('false');
    // The form holds the prompts: none answered is sent as none (ADR 072).
    expect(form.get('promptAnswers')).toBe('[]');
    expect(form.get('womenWriteFirst')).toBe('false');
    // The section was in the form: its empty answers mean "not answered" (ADR 041).
    expect(form.get('faithFamily')).toBe('true');
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
    expect(screen.getByRole('button', { name: 'Save my profile' })).toBeDisabled();

    act(() => vi.advanceTimersByTime(EDIT_PROFILE_REDIRECT_MS - 200));
    expect(screen.queryByRole('heading', { name: 'Screen /suggestions' })).toBeNull();
    screen.getByText('Profile updated successfully!');
    act(() => vi.advanceTimersByTime(200));
    screen.getByRole('heading', { name: 'Screen /suggestions' });
  });

  it('offers a woman to write first after a match, and sends her choice; a man is not offered it', async () => {
    const user = aCurrentUser({ gender: 'femme', womenWriteFirst: false });
    logIn(user);
    const { sent } = serve(user);
    await show('fr');
    const choice = screen.getByRole('checkbox', { name: 'J’écris en premier après un match' });
    expect(choice).toHaveAccessibleDescription(/nous vous le rappelons à 72 heures/);
    const member = userEvent.setup();
    await member.click(choice);
    await member.click(screen.getByRole('button', { name: 'Enregistrer mon profil' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1), { interval: 1 });
    const form = sent[0]?.body as FormData;
    expect(form.get('womenWriteFirst')).toBe('true');

    await member.click(screen.getByRole('radio', { name: 'Homme' }));
    expect(
      screen.queryByRole('checkbox', { name: 'J’écris en premier après un match' }),
    ).toBeNull();
  });

  it('starts the suggestions again once the profile is saved: who is suggested follows it', async () => {
    const user = aCurrentUser();
    logIn(user);
    serve(user);
    const { queryClient } = await show();
    queryClient.setQueryData(discoveryKeys.suggestions(), { pages: [], pageParams: [] });
    const person = userEvent.setup();

    await person.type(screen.getByLabelText('Full name'), ' Ba');
    expect(queryClient.getQueryState(discoveryKeys.suggestions())?.isInvalidated).toBe(false);
    await person.click(screen.getByRole('button', { name: 'Save my profile' }));
    await screen.findByText('Profile updated successfully!');
    expect(queryClient.getQueryState(discoveryKeys.suggestions())?.isInvalidated).toBe(true);
  });

  it('shows a field the server refuses once, at the field, under the spec failure title, in French', async () => {
    const user = aCurrentUser();
    logIn(user);
    serve(user, () => ({
      status: 400,
      body: {
        code: 'AGE_TOO_YOUNG',
        message: 'Minimum age is 18 years old',
        params: { min: 18 },
        errors: [
          {
            path: 'age',
            code: 'AGE_TOO_YOUNG',
            message: 'Minimum age is 18 years old',
            params: { min: 18 },
          },
        ],
      },
    }));
    await show('fr');
    const person = userEvent.setup();

    await person.click(screen.getByRole('button', { name: 'Enregistrer mon profil' }));

    const title = await screen.findByText('Erreur lors de la mise à jour');
    expect(title.parentElement).toHaveTextContent(
      'Erreur lors de la mise à jourVeuillez corriger les champs signalés ci-dessous.',
    );
    const age = screen.getByLabelText('Âge');
    expect(age).toHaveAttribute('aria-invalid', 'true');
    expect(age).toHaveAccessibleDescription("L'âge minimum est de 18 ans");
    expect(age).toHaveFocus();
    expect(screen.getAllByText("L'âge minimum est de 18 ans")).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Screen /suggestions' })).toBeNull();
  });

  it('says a failure no field holds in the alert: the server’s refusal, or being offline', async () => {
    const user = aCurrentUser();
    logIn(user);
    serve(user, () => ({
      status: 429,
      body: { code: 'RATE_LIMITED', message: 'Too many attempts.', params: { minutes: 3 } },
    }));
    await show();
    const person = userEvent.setup();
    await person.click(screen.getByRole('button', { name: 'Save my profile' }));
    const title = await screen.findByText('Error while updating');
    expect(title.parentElement).toHaveTextContent(
      'Too many attempts. Please wait 3 min and try again.',
    );
  });

  it('says why a member is here when the profile is incomplete', async () => {
    const user = aCurrentUser({ gender: null, bio: null, photos: [], profileComplete: false });
    logIn(user);
    serve(user);
    await show();

    const note = screen.getByRole('region', { name: "Let's complete your profile" });
    expect(note).toHaveTextContent(
      'your profile still needs a photo, your gender, and a few words about you',
    );
    screen.getByText('0 photos of 6');
  });

  it('puts the note and the form first, what the app adds (the subscription, the account) below', async () => {
    const user = aCurrentUser({ bio: null, profileComplete: false });
    logIn(user);
    serve(user);
    await renderScreen(
      <EditProfilePage after={<section aria-label="Subscription">No subscription</section>} />,
      { route: '/mon-profil' },
    );
    const save = await screen.findByRole('button', { name: 'Save my profile' });
    const note = screen.getByRole('region', { name: "Let's complete your profile" });
    const after = screen.getByRole('region', { name: 'Subscription' });
    const follows = (first: Node, second: Node) =>
      Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(note, save)).toBe(true);
    expect(follows(save, after)).toBe(true);
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
      new File(['not really a photo\n'], 'fake.jpg', { type: 'image/jpeg' }),
      imageFile('huge.jpg', 10 * 1024 * 1024 + 1),
      imageFile('sixth.jpg'),
      imageFile('seventh.jpg'),
    ]);

    const messages = within(await screen.findByRole('alert')).getAllByRole('listitem');
    expect(messages.map((item) => item.textContent)).toEqual([
      'document.pdf is not an image. Please choose a JPEG, PNG, WebP or AVIF photo.',
      'fake.jpg is not an image. Please choose a JPEG, PNG, WebP or AVIF photo.',
      'huge.jpg is over 10 MB. Please choose a smaller photo.',
      'seventh.jpg was not added: a profile holds at most 6 photos.',
    ]);
    screen.getByRole('img', { name: 'Photo 6, new' });
    expect(screen.queryByLabelText('Add photos')).toBeNull();
    expect(screen.getByText(/6 photos of 6/)).toHaveTextContent('the most a profile can hold');
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
    await screen.findByText('We will place you in Thiès, Sénégal.', {}, { timeout: 3000 });
    await person.click(screen.getByRole('button', { name: 'Save my profile' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const form = sent[0]?.body as FormData;
    // Saved as the lookup found it, not as typed.
    expect(form.get('location')).toBe('Thiès, Sénégal');
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

  it.each([
    [
      'en',
      'City and country',
      'Save my profile',
      'We could not find this place. Please type a nearby town, such as "Dakar" or "Lyon, France".',
    ],
    [
      'fr',
      'Ville et pays',
      'Enregistrer mon profil',
      "Nous n'avons pas trouvé ce lieu. Saisissez une ville proche, par exemple « Dakar » ou « Lyon, France ».",
    ],
  ] as const)(
    'refuses a place the lookup does not know, at the field, and sends nothing (%s)',
    async (language, label, save, message) => {
      const user = aCurrentUser();
      logIn(user);
      const { fetch } = serve(user);
      await show(language);
      const person = userEvent.setup();

      const location = screen.getByLabelText(label);
      await person.clear(location);
      await person.type(location, 'Atlantis');
      await screen.findByText(
        /could not find this town on the map|pas trouvé cette ville sur la carte/,
        {},
        { timeout: 3000 },
      );
      // An empty name too: both refusals show at once.
      const name = screen.getByRole('textbox', {
        name: language === 'en' ? 'Full name' : 'Nom complet',
      });
      await person.clear(name);
      await person.click(screen.getByRole('button', { name: save }));

      await vi.waitFor(() =>
        expect(location).toHaveAccessibleDescription(expect.stringContaining(message)),
      );
      expect(location).toHaveAttribute('aria-invalid', 'true');
      expect(name).toHaveAttribute('aria-invalid', 'true');
      expect(name).toHaveFocus();
      expect(updates(fetch)).toHaveLength(0);
    },
  );

  it('shows the server’s refusal of an unknown place at the field when it comes from the server', async () => {
    const user = aCurrentUser();
    logIn(user);
    serve(user, () => ({
      status: 400,
      body: {
        code: 'LOCATION_UNKNOWN',
        message: 'We could not find this place.',
        errors: [
          { path: 'location', code: 'LOCATION_UNKNOWN', message: 'We could not find this place.' },
        ],
      },
    }));
    await show('fr');
    const person = userEvent.setup();

    const location = screen.getByLabelText('Ville et pays');
    await person.clear(location);
    // Saved before the lookup has had its 800 ms: the server looks the text up itself.
    await person.type(location, 'Atlantis');
    await person.click(screen.getByRole('button', { name: 'Enregistrer mon profil' }));

    await vi.waitFor(() =>
      expect(location).toHaveAccessibleDescription(
        expect.stringContaining("Nous n'avons pas trouvé ce lieu."),
      ),
    );
    expect(screen.getAllByText(/Nous n'avons pas trouvé ce lieu\./)).toHaveLength(1);
  });

  it('takes the place from the device, read-only until the member clears it to type another town', async () => {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (found: PositionCallback) =>
          found({ coords: { latitude: 14.8, longitude: -16.9 } } as GeolocationPosition),
      },
    });
    const user = aCurrentUser();
    logIn(user);
    const { sent } = serve(user);
    await show();
    const person = userEvent.setup();

    await person.click(screen.getByRole('button', { name: 'Use my position' }));
    const location = screen.getByLabelText('City and country');
    await vi.waitFor(() => expect(location).toHaveValue('Thiès, Sénégal'));
    // The field is filled before the form's watched value re-renders the hint under it.
    await screen.findByText("Found from your device's position: Thiès, Sénégal.");
    // docs/spec.md §4: the town from the device is read-only; typing changes nothing.
    expect(location).toHaveAttribute('readonly');
    await person.type(location, 'x');
    expect(location).toHaveValue('Thiès, Sénégal');

    await person.click(screen.getByRole('button', { name: 'Type another town' }));
    expect(location).toHaveValue('');
    expect(location).not.toHaveAttribute('readonly');
    expect(location).toHaveFocus();
    await person.type(location, 'Mbour');
    await screen.findByText('We will place you in Mbour, Sénégal.', {}, { timeout: 3000 });
    await person.click(screen.getByRole('button', { name: 'Save my profile' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const form = sent[0]?.body as FormData;
    expect(form.get('location')).toBe('Mbour, Sénégal');
    expect(form.get('latitude')).toBe('14.42');
    expect(form.get('longitude')).toBe('-16.96');
  });

  it('puts the photos in the order the member chooses, by keyboard, and sends it as photoOrder', async () => {
    const user = aCurrentUser();
    logIn(user);
    const { sent } = serve(user);
    await show();
    const person = userEvent.setup();

    await person.upload(screen.getByLabelText('Add photos'), imageFile('new.jpg'));
    expect(screen.queryByRole('button', { name: 'Make photo 1 the main photo' })).toBeNull();
    screen.getByRole('button', { name: 'Make photo 3 the main photo' }).focus();
    await person.keyboard('{Enter}');
    screen.getByRole('img', { name: 'Photo 1, new' });
    expect(screen.getByRole('img', { name: 'Photo 2' })).toHaveAttribute(
      'src',
      '/media/photos/p1-thumb.webp',
    );
    // The moved photo keeps the keyboard: its "left" and "main" buttons are gone, "right" is next.
    expect(screen.getByRole('button', { name: 'Move photo 1 right' })).toHaveFocus();
    await person.click(screen.getByRole('button', { name: 'Move photo 3 left' }));
    expect(screen.getByRole('img', { name: 'Photo 2' })).toHaveAttribute(
      'src',
      '/media/photos/p2-thumb.webp',
    );

    await person.click(screen.getByRole('button', { name: 'Save my profile' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const form = sent[0]?.body as FormData;
    expect(form.getAll('photoOrder')).toEqual([
      'new:0',
      '/media/photos/p2.webp',
      '/media/photos/p1.webp',
    ]);
    expect((form.getAll('profilePicture') as File[]).map((f) => f.name)).toEqual(['new.jpg']);
  });

  it('words the marital status as the wizard does, in French', async () => {
    const user = aCurrentUser({ gender: 'femme', maritalStatus: 'marie' });
    logIn(user);
    serve(user);
    await show('fr');

    const group = screen.getByRole('group', { name: 'Situation matrimoniale' });
    expect(within(group).getByRole('radio', { name: 'Marié(e)' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Divorcé(e)' })).not.toBeChecked();
  });
});

describe('Photo privacy', () => {
  it('sends the choice to blur the photos for members not matched with, in French too', async () => {
    const user = aCurrentUser();
    logIn(user);
    const { sent } = serve(user, () => ({ body: aCurrentUser({ photosBlurred: true }) }));
    await show('fr');
    const person = userEvent.setup();
    const region = screen.getByRole('region', { name: 'Confidentialité' });
    const box = within(region).getByRole('checkbox', {
      name: 'Flouter mes photos pour les membres avec qui je n’ai pas de match',
    });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/Visible après un match/);
    await person.click(box);
    await person.click(screen.getByRole('button', { name: 'Enregistrer mon profil' }));
    await screen.findByText('Profil mis à jour avec succès !');
    expect(sent).toHaveLength(1);
    expect((sent[0]?.body as FormData | undefined)?.get('photosBlurred')).toBe('true');
  });

  it('shows the choice already made, checked', async () => {
    const user = aCurrentUser({ photosBlurred: true });
    logIn(user);
    serve(user);
    await show();
    expect(
      screen.getByRole('checkbox', {
        name: 'Blur my photos for members I have not matched with',
      }),
    ).toBeChecked();
  });
});
