import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderScreen, screen } from '../../../test/render.tsx';
import { RegisterPage } from './register-page.tsx';

const png = (name: string, size = 2048) => {
  const file = new File([new Uint8Array(16)], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

const noGeocoding = { 'GET /api/geo/search': { body: { results: [] } } };

async function renderWizard(language: 'en' | 'fr' = 'en', routes = {}) {
  const api = mockApi({ ...noGeocoding, ...routes });
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

async function stepAbout(user: UserEvent) {
  await user.type(screen.getByLabelText('Location'), 'Lyon, France');
  await user.click(screen.getByLabelText('About me'));
  await user.paste('Calm, practising, I love hiking and reading.');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 2, name: 'Your account' });
}

function nextButton() {
  return screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
}

describe('Registration wizard', () => {
  it('shows four step dots, the current one marked, and a way back to login', async () => {
    await renderWizard();
    expect(screen.getByRole('heading', { level: 1, name: 'Join Mawadda' })).toBeTruthy();
    const progress = screen.getByRole('list', { name: 'Registration progress' });
    const steps = progress.querySelectorAll('li');
    expect(steps).toHaveLength(4);
    expect(steps[0]?.getAttribute('aria-current')).toBe('step');
    expect(steps[0]?.textContent).toBe('Step 1, About you: current step');
    expect(screen.getByText('Step 1 of 4')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/');
  });

  it('refuses an age of 17: the message shows and Next is disabled', async () => {
    const { user } = await renderWizard();
    await user.type(screen.getByLabelText('Full name'), 'Yusuf');
    await user.type(screen.getByLabelText('Age'), '17');
    expect(screen.getByText('Minimum age is 18 years old')).toBeTruthy();
    expect(nextButton().disabled).toBe(true);
    await user.clear(screen.getByLabelText('Age'));
    await user.type(screen.getByLabelText('Age'), '18');
    expect(screen.queryByText('Minimum age is 18 years old')).toBeNull();
    expect(nextButton().disabled).toBe(false);
  });

  it('says so in French too', async () => {
    const { user } = await renderWizard('fr');
    await user.type(screen.getByLabelText('Âge'), '17');
    expect(screen.getByText("L'âge minimum est de 18 ans")).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Suivant' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('keeps the member on step 1 until name and gender are given, in French', async () => {
    const { user } = await renderWizard('fr');
    await user.type(screen.getByLabelText('Âge'), '30');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('Le nom est obligatoire')).toBeTruthy();
    expect(screen.getByText('Le genre est obligatoire')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'À propos de vous' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Nom complet'));
  });

  it('moves focus to the heading of the next step, and back', async () => {
    const { user } = await renderWizard();
    await stepIdentity(user);
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 2, name: 'Your situation' }),
    );
    expect(screen.getByText('Step 2 of 4')).toBeTruthy();
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
    expect(screen.getByText('1000 / 1000 characters')).toBeTruthy();
  });

  it('refuses a bad e-mail, a missing photo and unticked terms, and sends nothing', async () => {
    const { api, user } = await renderWizard();
    await stepIdentity(user);
    await stepSituation(user);
    await stepAbout(user);
    await user.type(screen.getByLabelText('E-mail address (your username)'), 'Not an e-mail');
    await user.type(screen.getByLabelText('Password'), 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Please add at least one photo.')).toBeTruthy();
    expect(screen.getByText('You must accept the terms and the privacy policy')).toBeTruthy();
    expect(api.mock.calls.some(([url]) => String(url).includes('/register'))).toBe(false);
  });

  it('refuses files that are not images or are over 10 MB, and shortens long names', async () => {
    const { user } = await renderWizard();
    await stepIdentity(user);
    await stepSituation(user);
    await stepAbout(user);
    const picker = screen.getByLabelText('Add photos');
    await user.upload(picker, [
      new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }),
      png('huge.png', 11 * 1024 * 1024),
      png('my-wedding-portrait-2024.png'),
    ]);
    expect(screen.getByText('“cv.pdf” is not an image.')).toBeTruthy();
    expect(screen.getByText('“huge.png” is larger than 10 MB.')).toBeTruthy();
    expect(screen.getByText('my-wedding-port…')).toBeTruthy();
    expect(screen.getByText('1 of 6 photos')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove my-wedding-portrait-2024.png' }));
    expect(screen.getByText('0 of 6 photos')).toBeTruthy();
  });

  it('sends the spec fields as multipart, empty ones left out, one part per photo', async () => {
    let sent: FormData | undefined;
    const { user } = await renderWizard('en', {
      'POST /api/users/register': ({ body }: { body: unknown }) => {
        sent = body as FormData;
        return { status: 201, body: { id: 'new-member' } };
      },
    });
    await stepIdentity(user);
    await stepSituation(user);
    await stepAbout(user);
    await user.type(screen.getByLabelText('E-mail address (your username)'), 'Yusuf@Example.com');
    await user.type(screen.getByLabelText('Password'), 'a-long-password');
    await user.upload(screen.getByLabelText('Add photos'), [png('one.png'), png('two.png')]);
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms of use/ }));
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    expect(await screen.findByRole('heading', { name: 'Screen /' })).toBeTruthy();
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
      hasChildren: 'false',
      location: 'Lyon, France',
      bio: 'Calm, practising, I love hiking and reading.',
      termsAccepted: 'true',
      mutualLike: 'false',
    });
    expect(form.has('skinTone')).toBe(false);
    expect(form.has('latitude')).toBe(false);
    const photos = form.getAll('profilePicture') as File[];
    expect(photos.map((photo) => photo.name)).toEqual(['one.png', 'two.png']);
  });

  it('brings the member back to the step of a field the server refuses', async () => {
    const { user } = await renderWizard('fr', {
      'POST /api/users/register': {
        status: 400,
        body: {
          message: 'Name must be at most 80 characters',
          errors: [{ path: 'name', message: 'Name must be at most 80 characters' }],
        },
      },
    });
    await user.type(screen.getByLabelText('Nom complet'), 'Yusuf');
    await user.type(screen.getByLabelText('Âge'), '29');
    await user.click(screen.getByRole('radio', { name: 'Homme' }));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.click(await screen.findByRole('radio', { name: 'Célibataire' }));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.type(await screen.findByLabelText('Localisation'), 'Lyon');
    await user.click(screen.getByLabelText('À propos de moi'));
    await user.paste('Sérieux et souriant.');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.type(await screen.findByLabelText('Adresse e-mail (votre identifiant)'), 'y@ex.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'a-long-password');
    await user.upload(screen.getByLabelText('Ajouter des photos'), [png('moi.png')]);
    await user.click(screen.getByRole('checkbox', { name: /J'accepte les conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'À propos de vous' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getAllByText('Le nom doit contenir au plus 80 caractères')).toHaveLength(2);
  });

  it('translates the duplicate e-mail answer', async () => {
    const { user } = await renderWizard('fr', {
      'POST /api/users/register': {
        status: 409,
        body: { message: 'An account with this e-mail address already exists.' },
      },
    });
    await user.type(screen.getByLabelText('Nom complet'), 'Yusuf');
    await user.type(screen.getByLabelText('Âge'), '29');
    await user.click(screen.getByRole('radio', { name: 'Homme' }));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.click(await screen.findByRole('radio', { name: 'Célibataire' }));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.type(await screen.findByLabelText('Localisation'), 'Lyon');
    await user.click(screen.getByLabelText('À propos de moi'));
    await user.paste('Sérieux et souriant.');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.type(await screen.findByLabelText('Adresse e-mail (votre identifiant)'), 'y@ex.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'a-long-password');
    await user.upload(screen.getByLabelText('Ajouter des photos'), [png('moi.png')]);
    await user.click(screen.getByRole('checkbox', { name: /J'accepte les conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));

    const messages = await screen.findAllByText('Un compte existe déjà avec cette adresse e-mail.');
    expect(messages.length).toBeGreaterThan(0);
    expect(
      (screen.getByRole('button', { name: 'Créer mon compte' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});
