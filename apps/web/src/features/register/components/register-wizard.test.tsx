import { within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockEndpoints, type Stubs } from '@/test/api.ts';
import { expectCountryGroups } from '@/test/country-groups.ts';
import { imageBytes } from '@/test/image-files.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { RegisterPage } from './register-page.tsx';

const png = (name: string, size = 2048) => {
  const file = new File([imageBytes('image/png')], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

const lyon = {
  city: 'Lyon',
  country: 'France',
  countryCode: 'FR',
  location: 'Lyon, France',
  latitude: 45.76,
  longitude: 4.84,
};
const dakar = {
  city: 'Dakar',
  country: 'Sénégal',
  countryCode: 'SN',
  location: 'Dakar, Sénégal',
  latitude: 14.69,
  longitude: -17.44,
};

/** The offline index as the server answers it: Lyon and Dakar, nothing else. */
const geocoding = {
  searchPlaces: ({ url }: { url: string }) => {
    const q = new URL(url, 'http://localhost').searchParams.get('q')?.toLowerCase() ?? '';
    const results = [lyon, dakar].filter((place) => q.startsWith(place.city.toLowerCase()));
    return { body: { results } };
  },
  reverseGeocode: { body: dakar },
};

/** A device that gives its position at once (jsdom has no geolocation). */
function deviceAt(latitude: number, longitude: number) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (found: PositionCallback) =>
        found({ coords: { latitude, longitude } } as GeolocationPosition),
    },
  });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

async function renderWizard(language: 'en' | 'fr' = 'en', routes: Stubs = {}) {
  const api = mockEndpoints({ ...geocoding, ...routes });
  await renderScreen(<RegisterPage />, { language, route: '/register' });
  return { api, user: userEvent.setup({ applyAccept: false }) };
}

async function stepIdentity(user: UserEvent, age = '29') {
  await user.type(screen.getByLabelText('Full name'), 'Yusuf Benali');
  await user.type(screen.getByLabelText('Age'), age);
  await user.click(screen.getByRole('radio', { name: 'Man' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 2, name: 'Your situation' });
}

async function stepSituation(user: UserEvent) {
  await user.click(screen.getByRole('radio', { name: 'Single' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 2, name: 'Where you live and who you are' });
}

/** Identity, then situation, in French: the wizard then asks where the member lives. */
async function firstStepsInFrench(user: UserEvent) {
  await user.type(screen.getByLabelText('Nom complet'), 'Yusuf Benali');
  await user.type(screen.getByLabelText('Âge'), '29');
  await user.click(screen.getByRole('radio', { name: 'Homme' }));
  await user.click(screen.getByRole('button', { name: 'Suivant' }));
  await user.click(await screen.findByRole('radio', { name: 'Célibataire' }));
  await user.click(screen.getByRole('button', { name: 'Suivant' }));
}

async function stepAbout(user: UserEvent) {
  await user.type(screen.getByLabelText('Location'), 'Lyon');
  await screen.findByText('Found on the map: Lyon, France', {}, { timeout: 3000 });
  await user.click(screen.getByLabelText('About me'));
  await user.paste('Calm, practising, I love hiking and reading.');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 2, name: 'Faith and family' });
}

/** The optional step, skipped: the wizard then asks for the account. */
async function skipFaithFamily(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Skip for now' }));
  await screen.findByRole('heading', { level: 2, name: 'Your account' });
}

function nextButton() {
  return screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
}

// Each test walks the five steps by keyboard and mouse: seconds on a loaded machine.
describe('Registration wizard', { timeout: 20_000 }, () => {
  it('shows five step dots, the current one marked, and a way back to login', async () => {
    await renderWizard();
    screen.getByRole('heading', { level: 1, name: 'Join Mawadda' });
    const progress = screen.getByRole('list', { name: 'Registration progress' });
    const steps = progress.querySelectorAll('li');
    expect(steps).toHaveLength(5);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
    expect(steps[0]).toHaveTextContent('Step 1, About you: current step');
    screen.getByText('Step 1 of 5');
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/');
  });

  it('refuses an age of 17: the message shows and Next is disabled', async () => {
    const { user } = await renderWizard();
    await user.type(screen.getByLabelText('Full name'), 'Yusuf');
    await user.type(screen.getByLabelText('Age'), '17');
    expect(screen.getByLabelText('Age')).toHaveAccessibleDescription('Minimum age is 18 years old');
    expect(nextButton()).toBeDisabled();
    await user.clear(screen.getByLabelText('Age'));
    await user.type(screen.getByLabelText('Age'), '18');
    expect(screen.queryByText('Minimum age is 18 years old')).toBeNull();
    expect(nextButton()).toBeEnabled();
  });

  it('says so in French too', async () => {
    const { user } = await renderWizard('fr');
    await user.type(screen.getByLabelText('Âge'), '17');
    expect(screen.getByLabelText('Âge')).toHaveAccessibleDescription("L'âge minimum est de 18 ans");
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeDisabled();
  });

  it('keeps the member on step 1 until name and gender are given, in French', async () => {
    const { user } = await renderWizard('fr');
    await user.type(screen.getByLabelText('Âge'), '30');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    // Validation waits for the wizard's schema, which loads when the browser is idle.
    await vi.waitFor(() =>
      expect(screen.getByLabelText('Nom complet')).toHaveAccessibleDescription(
        'Le nom est obligatoire',
      ),
    );
    expect(screen.getByRole('group', { name: 'Genre' })).toHaveTextContent(
      'Le genre est obligatoire',
    );
    screen.getByRole('heading', { level: 2, name: 'À propos de vous' });
    expect(screen.getByLabelText('Nom complet')).toHaveFocus();
  });

  it('moves focus to the heading of the next step, and back', async () => {
    const { user } = await renderWizard();
    await stepIdentity(user);
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 2, name: 'Your situation' }),
    );
    screen.getByText('Step 2 of 5');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'About you' });
    expect(document.activeElement).toBe(heading);
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Yusuf Benali');
  });

  it('turns the bio counter red above 900 characters and stops at 1000', async () => {
    const { user } = await renderWizard();
    await stepIdentity(user);
    await stepSituation(user);
    const bio = screen.getByLabelText('About me') as HTMLTextAreaElement;
    await user.click(bio);
    await user.paste('a'.repeat(900));
    const counter = screen.getByText('900 / 1000 characters');
    expect(counter.dataset.state).toBe('normal');
    expect(counter.className).not.toContain('text-danger');

    await user.type(bio, 'b');
    const warning = screen.getByText('901 / 1000 characters');
    expect(warning.dataset.state).toBe('warning');
    expect(warning.className).toContain('text-danger');

    await user.paste('c'.repeat(300));
    expect(bio.value).toHaveLength(1000);
    screen.getByText('1000 / 1000 characters');
  });

  it('refuses a bad e-mail, a missing photo and unticked terms, and sends nothing', async () => {
    const { api, user } = await renderWizard();
    await stepIdentity(user);
    await stepSituation(user);
    await stepAbout(user);
    await skipFaithFamily(user);
    await user.type(screen.getByLabelText('E-mail address (your username)'), 'Not an e-mail');
    await user.type(screen.getByLabelText('Password'), 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    expect(
      await screen.findByLabelText('E-mail address (your username)'),
    ).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText('Add photos')).toHaveAccessibleDescription(
      expect.stringContaining('Please add at least one photo.'),
    );
    screen.getByText('You must accept the terms and the privacy policy');
    expect(screen.getByRole('checkbox', { name: /I explicitly consent/ })).not.toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: /I explicitly consent/ }),
    ).toHaveAccessibleDescription(
      expect.stringContaining(
        'Please consent to the processing of data that reveals your religion',
      ),
    );
    expect(api.mock.calls.some(([url]) => String(url).includes('/register'))).toBe(false);
  });

  it('asks for the consent to data revealing religion in its own unticked box, in French too', async () => {
    const { api, user } = await renderWizard('fr');
    await firstStepsInFrench(user);
    await user.type(await screen.findByLabelText('Localisation'), 'Lyon');
    await user.click(screen.getByLabelText('À propos de moi'));
    await user.paste('Sérieux et souriant.');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.click(await screen.findByRole('button', { name: 'Passer pour l’instant' }));
    const consent = await screen.findByRole('checkbox', { name: /Je consens explicitement/ });
    expect(consent).not.toBeChecked();
    expect(
      within(consent.parentElement ?? document.body).getByRole('link', {
        name: /politique de confidentialité/,
      }),
    ).toHaveAttribute('href', '/privacy');
    await user.type(
      screen.getByLabelText('Adresse e-mail (votre identifiant)'),
      'yusuf@example.com',
    );
    await user.type(screen.getByLabelText('Mot de passe'), 'a-long-password');
    await user.upload(screen.getByLabelText('Ajouter des photos'), [png('one.png')]);
    await user.click(screen.getByRole('checkbox', { name: /J'accepte les conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(consent).toHaveAccessibleDescription(
      expect.stringContaining(
        'Veuillez consentir au traitement des données qui révèlent votre religion',
      ),
    );
    expect(api.mock.calls.some(([url]) => String(url).includes('/register'))).toBe(false);
  });

  it('refuses files that are not images or are over 10 MB, and shortens long names', async () => {
    const { user } = await renderWizard();
    await stepIdentity(user);
    await stepSituation(user);
    await stepAbout(user);
    await skipFaithFamily(user);
    const picker = screen.getByLabelText('Add photos');
    await user.upload(picker, [
      new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }),
      png('huge.png', 11 * 1024 * 1024),
      png('my-wedding-portrait-2024.png'),
      // Named and typed as a photo, but its bytes are text: refused, never the "Main" photo.
      new File(['not really a photo\n'], 'fake.jpg', { type: 'image/jpeg' }),
    ]);
    await screen.findByText('“cv.pdf” is not an image.');
    screen.getByText('“fake.jpg” is not an image.');
    screen.getByText('“huge.png” is larger than 10 MB.');
    screen.getByText('my-wedding-port…');
    screen.getByText('1 of 6 photos');
    await user.click(screen.getByRole('button', { name: 'Remove my-wedding-portrait-2024.png' }));
    screen.getByText('0 of 6 photos');
  });

  it('offers the language switch on the registration page', async () => {
    await renderWizard('fr');
    screen.getByRole('group', { name: 'Langue' });
    expect(screen.getByRole('button', { name: /English/ })).toBeEnabled();
  });

  it('sends the spec fields as multipart, empty ones left out, one part per photo', async () => {
    let sent: FormData | undefined;
    const { api, user } = await renderWizard('en', {
      register: ({ body }: { body: unknown }) => {
        sent = body as FormData;
        return { status: 201, body: { message: 'Thank you.' } };
      },
    });
    await stepIdentity(user);
    await stepSituation(user);
    await stepAbout(user);
    await skipFaithFamily(user);
    await user.type(screen.getByLabelText('E-mail address (your username)'), 'Yusuf@Example.com');
    await user.type(screen.getByLabelText('Password'), 'a-long-password');
    await user.upload(screen.getByLabelText('Add photos'), [png('one.png'), png('two.png')]);
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms of use/ }));
    await user.click(screen.getByRole('checkbox', { name: /I explicitly consent/ }));
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    // On to login, the address in its field (docs/spec.md §4): signing in is the member's step.
    await screen.findByRole('heading', { name: 'Screen /' });
    expect(screen.getByRole('status', { name: 'Navigation state' })).toHaveTextContent(
      JSON.stringify({ registered: true, username: 'yusuf@example.com' }),
    );
    expect(api.mock.calls.map(([url]) => String(url))).not.toContainEqual(
      expect.stringContaining('/login'),
    );
    expect(sent).toBeInstanceOf(FormData);
    const form = sent as FormData;
    const fields = Object.fromEntries(
      [...form.entries()].filter(([, value]) => typeof value === 'string'),
    );
    expect(fields).toEqual({
      username: 'yusuf@example.com',
      password: 'a-long-password',
      name: 'Yusuf Benali',
      age: '29',
      gender: 'homme',
      maritalStatus: 'célibataire',
      // Typed "Lyon", saved as the lookup found it, with its coordinates.
      location: 'Lyon, France',
      latitude: '45.76',
      longitude: '4.84',
      bio: 'Calm, practising, I love hiking and reading.',
      termsAccepted: 'true',
      religiousDataConsent: 'true',
      mutualLike: 'false',
      // The optional step was in the form, skipped: no answer, so none is stored.
      faithFamily: 'true',
    });
    // Skin tone and children not said: left out.
    expect(form.has('skinTone')).toBe(false);
    expect(form.has('hasChildren')).toBe(false);
    const photos = form.getAll('profilePicture') as File[];
    expect(photos.map((photo) => photo.name)).toEqual(['one.png', 'two.png']);
  });

  it('brings the member back to the step of a field the server refuses', async () => {
    const { user } = await renderWizard('fr', {
      register: {
        status: 400,
        body: {
          code: 'NAME_TOO_LONG',
          message: 'Name must be at most 80 characters',
          params: { max: 80 },
          errors: [
            {
              path: 'name',
              code: 'NAME_TOO_LONG',
              message: 'Name must be at most 80 characters',
              params: { max: 80 },
            },
          ],
        },
      },
    });
    await user.type(screen.getByLabelText('Nom complet'), 'Yusuf');
    await user.type(screen.getByLabelText('Âge'), '29');
    await user.click(screen.getByRole('radio', { name: 'Homme' }));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    // The same words as the profile editor's.
    const status = await screen.findByRole('group', { name: 'Situation matrimoniale' });
    expect(
      within(status)
        .getAllByRole('radio')
        .map((r) => r.closest('label')),
    ).toHaveLength(3);
    expect(within(status).getByRole('radio', { name: 'Marié(e)' })).not.toBeChecked();
    expect(within(status).getByRole('radio', { name: 'Divorcé(e)' })).not.toBeChecked();
    await user.click(within(status).getByRole('radio', { name: 'Célibataire' }));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.type(await screen.findByLabelText('Localisation'), 'Lyon');
    await user.click(screen.getByLabelText('À propos de moi'));
    await user.paste('Sérieux et souriant.');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.click(await screen.findByRole('button', { name: 'Passer pour l’instant' }));
    await user.type(await screen.findByLabelText('Adresse e-mail (votre identifiant)'), 'y@ex.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'a-long-password');
    await user.upload(screen.getByLabelText('Ajouter des photos'), [png('moi.png')]);
    await user.click(screen.getByRole('checkbox', { name: /J'accepte les conditions/ }));
    await user.click(screen.getByRole('checkbox', { name: /Je consens explicitement/ }));
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'À propos de vous' });
    expect(document.activeElement).toBe(heading);
    // Once, beside the field: not again in an alert, on this step or any other.
    expect(screen.getAllByText('Le nom doit contenir au plus 80 caractères')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await screen.findByRole('heading', { level: 2, name: 'Votre situation' });
    expect(screen.queryByText('Le nom doit contenir au plus 80 caractères')).toBeNull();
  });

  it.each([
    [
      'en',
      'Location',
      'Next',
      'We could not find this place. Please type a nearby town, such as "Dakar" or "Lyon, France".',
    ],
    [
      'fr',
      'Localisation',
      'Suivant',
      "Nous n'avons pas trouvé ce lieu. Saisissez une ville proche, par exemple « Dakar » ou « Lyon, France ».",
    ],
  ] as const)(
    'refuses a place the lookup does not know, at the field (%s)',
    async (language, label, next, message) => {
      const { user } = await renderWizard(language);
      await user.type(
        screen.getByRole('textbox', { name: language === 'en' ? 'Full name' : 'Nom complet' }),
        'Yusuf',
      );
      await user.type(screen.getByRole('spinbutton'), '29');
      await user.click(screen.getAllByRole('radio')[0] as HTMLElement);
      await user.click(screen.getByRole('button', { name: next }));
      await user.click((await screen.findAllByRole('radio'))[0] as HTMLElement);
      await user.click(screen.getByRole('button', { name: next }));
      const location = await screen.findByLabelText(label);
      await user.type(location, 'Atlantis');
      // The bio is left empty: both refusals show at once. The lookup answers after 800 ms.
      await screen.findByText(
        /could not find this place on the map|pas trouvé ce lieu sur la carte/,
        {},
        { timeout: 3000 },
      );
      await user.click(screen.getByRole('button', { name: next }));

      expect(location).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(location).toHaveAttribute('aria-invalid', 'true');
      expect(location).toHaveFocus();
      const bio = screen.getByRole('textbox', {
        name: language === 'en' ? 'About me' : 'À propos de moi',
      });
      expect(bio).toHaveAttribute('aria-invalid', 'true');
      screen.getByText(language === 'en' ? 'Step 3 of 5' : 'Étape 3 sur 5');
    },
  );

  it('fills the location from the device, read-only until the member clears it to type another town', async () => {
    deviceAt(14.7, -17.45);
    let sent: FormData | undefined;
    const { user } = await renderWizard('en', {
      register: ({ body }: { body: unknown }) => {
        sent = body as FormData;
        return { status: 201, body: { message: 'Thank you.' } };
      },
    });
    await stepIdentity(user);
    await stepSituation(user);
    const location = screen.getByLabelText('Location');
    expect(location).toHaveValue('Dakar, Sénégal');
    // docs/spec.md §4: the town from the device is read-only; typing changes nothing.
    expect(location).toHaveAttribute('readonly');
    screen.getByText("Found from your device's position: Dakar, Sénégal.");
    await user.type(location, 'x');
    expect(location).toHaveValue('Dakar, Sénégal');
    expect(screen.queryByRole('button', { name: 'Use my position' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Type another town' }));
    expect(location).toHaveValue('');
    expect(location).not.toHaveAttribute('readonly');
    expect(location).toHaveFocus();
    await user.type(location, 'Lyon');
    await screen.findByText('Found on the map: Lyon, France', {}, { timeout: 3000 });
    await user.click(screen.getByLabelText('About me'));
    await user.paste('Calm and practising.');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await skipFaithFamily(user);
    await user.type(await screen.findByLabelText('E-mail address (your username)'), 'y@ex.fr');
    await user.type(screen.getByLabelText('Password'), 'a-long-password');
    await user.upload(screen.getByLabelText('Add photos'), [png('one.png')]);
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms of use/ }));
    await user.click(screen.getByRole('checkbox', { name: /I explicitly consent/ }));
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    await screen.findByRole('heading', { name: 'Screen /' });
    expect(sent?.get('location')).toBe('Lyon, France');
    expect(sent?.get('latitude')).toBe('45.76');
    expect(sent?.get('longitude')).toBe('4.84');
  });

  it('asks the map for place names in the language of the interface', async () => {
    deviceAt(14.7, -17.45);
    const { api, user } = await renderWizard('fr');
    await firstStepsInFrench(user);
    const location = await screen.findByLabelText('Localisation');
    await vi.waitFor(() => expect(location).toHaveValue('Dakar, Sénégal'));
    await user.click(screen.getByRole('button', { name: 'Saisir une autre ville' }));
    await user.type(location, 'Lyon');
    await screen.findByText('Trouvé sur la carte : Lyon, France', {}, { timeout: 3000 });

    const lookups = api.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname.startsWith('/api/geo/'));
    expect(lookups.map((url) => url.pathname).sort()).toEqual([
      '/api/geo/reverse',
      '/api/geo/search',
    ]);
    for (const url of lookups) expect(url.searchParams.get('lang'), url.pathname).toBe('fr');
  });

  it('sends the photos in the order the member chose, the main one first, by keyboard', async () => {
    let sent: FormData | undefined;
    const { user } = await renderWizard('en', {
      register: ({ body }: { body: unknown }) => {
        sent = body as FormData;
        return { status: 201, body: { message: 'Thank you.' } };
      },
    });
    await stepIdentity(user);
    await stepSituation(user);
    await stepAbout(user);
    await skipFaithFamily(user);
    await user.type(screen.getByLabelText('E-mail address (your username)'), 'y@ex.fr');
    await user.type(screen.getByLabelText('Password'), 'a-long-password');
    await user.upload(screen.getByLabelText('Add photos'), [
      png('one.png'),
      png('two.png'),
      png('three.png'),
    ]);
    screen.getByRole('img', { name: 'Photo 1, main photo' });
    // The first photo cannot go further left, nor become the main photo it already is.
    expect(screen.queryByRole('button', { name: 'Move photo 1 left' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make photo 1 the main photo' })).toBeNull();

    screen.getByRole('button', { name: 'Make photo 3 the main photo' }).focus();
    await user.keyboard('{Enter}');
    // three, one, two: the moved photo keeps the focus on its next control.
    const names = () =>
      within(screen.getByRole('group', { name: 'Your photos' }))
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.getAttribute('title'));
    expect(names()).toEqual(['three.png', 'one.png', 'two.png']);
    expect(screen.getByRole('button', { name: 'Move photo 1 right' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['one.png', 'three.png', 'two.png']);
    expect(screen.getByRole('button', { name: 'Move photo 2 right' })).toHaveFocus();

    await user.click(screen.getByRole('checkbox', { name: /I accept the terms of use/ }));
    await user.click(screen.getByRole('checkbox', { name: /I explicitly consent/ }));
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await screen.findByRole('heading', { name: 'Screen /' });
    const photos = sent?.getAll('profilePicture') as File[];
    expect(photos.map((photo) => photo.name)).toEqual(['one.png', 'three.png', 'two.png']);
  });

  it('shows a field the server refuses on the last step once, beside it, and no alert elsewhere', async () => {
    const { user } = await renderWizard('en', {
      register: {
        status: 400,
        body: {
          code: 'EMAIL_INVALID',
          message: 'Please enter a valid email address',
          errors: [
            {
              path: 'username',
              code: 'EMAIL_INVALID',
              message: 'Please enter a valid email address',
            },
          ],
        },
      },
    });
    await stepIdentity(user);
    await stepSituation(user);
    await stepAbout(user);
    await skipFaithFamily(user);
    await user.type(screen.getByLabelText('E-mail address (your username)'), 'y@ex.fr');
    await user.type(screen.getByLabelText('Password'), 'a-long-password');
    await user.upload(screen.getByLabelText('Add photos'), [png('one.png')]);
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms of use/ }));
    await user.click(screen.getByRole('checkbox', { name: /I explicitly consent/ }));
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    const email = screen.getByLabelText('E-mail address (your username)');
    await vi.waitFor(() =>
      expect(email).toHaveAccessibleDescription('Please enter a valid email address'),
    );
    expect(screen.getAllByText('Please enter a valid email address')).toHaveLength(1);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    // Back to step 2: no alert follows the member there.
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('heading', { level: 2, name: 'Your situation' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
  });
});

describe('Registration wizard, the faith and family step', { timeout: 20_000 }, () => {
  it('says it is optional, can wait for the profile, and sends what the member answered', async () => {
    let sent: FormData | undefined;
    const { user } = await renderWizard('en', {
      register: ({ body }: { body: unknown }) => {
        sent = body as FormData;
        return { status: 201, body: { message: 'Thank you.' } };
      },
    });
    await stepIdentity(user);
    await stepSituation(user);
    await stepAbout(user);
    screen.getByText('Step 4 of 5');
    screen.getByText(
      'You can answer these questions later in your profile. Answering helps the right members find you.',
    );
    // Skipping is offered as plainly as going on.
    screen.getByRole('button', { name: 'Skip for now' });
    // A man is asked about a beard, not a hijab.
    const madhhab = await screen.findByRole('combobox', { name: 'Madhhab' });
    expect(screen.queryByRole('combobox', { name: 'Hijab' })).toBeNull();
    await user.selectOptions(madhhab, 'Maliki');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Beard' }), 'Yes');
    await user.click(screen.getByRole('checkbox', { name: 'Wolof' }));
    const madhhabToMatches = screen.getByRole('checkbox', {
      name: 'Show my “Madhhab” answer to my matches only',
    });
    expect(madhhabToMatches).toHaveAccessibleDescription(/meets no one’s dealbreaker/);
    await user.click(madhhabToMatches);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Your account' });
    await user.type(screen.getByLabelText('E-mail address (your username)'), 'y@ex.fr');
    await user.type(screen.getByLabelText('Password'), 'a-long-password');
    await user.upload(screen.getByLabelText('Add photos'), [png('one.png')]);
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms of use/ }));
    await user.click(screen.getByRole('checkbox', { name: /I explicitly consent/ }));
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    await vi.waitFor(() => expect(sent).toBeInstanceOf(FormData));
    const form = sent as FormData;
    expect(form.get('faithFamily')).toBe('true');
    expect(form.get('madhhab')).toBe('maliki');
    expect(form.get('beard')).toBe('yes');
    expect(form.getAll('languages')).toEqual(['wo']);
    expect(form.getAll('faithMatchesOnly')).toEqual(['madhhab']);
    expect(form.has('prayer')).toBe(false);
  });

  it('lists the members’ countries first for nationality and origin, then every country', async () => {
    const { user } = await renderWizard('en');
    await stepIdentity(user);
    await stepSituation(user);
    await stepAbout(user);
    for (const name of ['Nationality', 'Country of origin']) {
      const select = await screen.findByRole('combobox', { name });
      expectCountryGroups(select, 'en');
      await user.selectOptions(select, 'Côte d’Ivoire');
      expect(select).toHaveValue('CI');
    }
  });

  it('lists them first in French too, in French alphabetical order', async () => {
    const { user } = await renderWizard('fr');
    await firstStepsInFrench(user);
    await user.type(await screen.findByLabelText('Localisation'), 'Lyon');
    await screen.findByText(/Lyon, France/, {}, { timeout: 3000 });
    await user.click(screen.getByLabelText('À propos de moi'));
    await user.paste('Sérieux et souriant.');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    for (const name of ['Nationalité', 'Pays d’origine']) {
      expectCountryGroups(await screen.findByRole('combobox', { name }), 'fr');
    }
  });

  it('drops the answers given before “Skip for now”, in French', async () => {
    let sent: FormData | undefined;
    const { user } = await renderWizard('fr', {
      register: ({ body }: { body: unknown }) => {
        sent = body as FormData;
        return { status: 201, body: { message: 'Thank you.' } };
      },
    });
    await firstStepsInFrench(user);
    await user.type(await screen.findByLabelText('Localisation'), 'Lyon');
    await screen.findByText(/Lyon, France/, {}, { timeout: 3000 });
    await user.click(screen.getByLabelText('À propos de moi'));
    await user.paste('Sérieux et souriant.');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await screen.findByRole('heading', { level: 2, name: 'Foi et famille' });
    screen.getByText(/Vous pourrez y répondre plus tard dans votre profil/);
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'École (madhhab)' }),
      'Malikite',
    );
    await user.click(screen.getByRole('button', { name: 'Passer pour l’instant' }));
    await user.type(await screen.findByLabelText('Adresse e-mail (votre identifiant)'), 'y@ex.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'a-long-password');
    await user.upload(screen.getByLabelText('Ajouter des photos'), [png('moi.png')]);
    await user.click(screen.getByRole('checkbox', { name: /J'accepte les conditions/ }));
    await user.click(screen.getByRole('checkbox', { name: /Je consens explicitement/ }));
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));

    await vi.waitFor(() => expect(sent).toBeInstanceOf(FormData));
    expect((sent as FormData).has('madhhab')).toBe(false);
  });
});
