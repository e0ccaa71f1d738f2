import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockEndpoints } from '@/test/api.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { aCurrentUser, logIn } from '../test/fixtures.ts';
import { EditProfilePage } from './edit-profile-page.tsx';

/** Serves the member's profile and keeps what each save sends. */
function serve(user = aCurrentUser()) {
  const sent: FormData[] = [];
  mockEndpoints({
    currentUser: { body: user },
    verification: {
      body: { status: 'none', trigger: null, reason: null, retryAfter: null, verified: false },
    },
    updateProfile: ({ body }) => {
      sent.push(body as FormData);
      return { body: user };
    },
  });
  return sent;
}

async function show(language: 'en' | 'fr' = 'en') {
  await renderScreen(<EditProfilePage />, { route: '/mon-profil', language });
  // The section comes in its own chunk, after the rest of the form.
  await screen.findByRole('combobox', { name: language === 'en' ? 'Madhhab' : 'École (madhhab)' });
}

const sentFields = (form: FormData | undefined, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, form?.getAll(name)]));

describe('Faith and family in edit profile', () => {
  it('sends the answers chosen, the languages and the matches-only choices', async () => {
    const user = aCurrentUser({ gender: 'femme' });
    logIn(user);
    const sent = serve(user);
    await show();
    const person = userEvent.setup();

    await person.selectOptions(screen.getByLabelText('Madhhab'), 'Maliki');
    await person.selectOptions(screen.getByLabelText('Prayer'), 'Usually');
    await person.selectOptions(screen.getByLabelText('Hijab'), 'I prefer not to say');
    const prayerToMatches = screen.getByRole('checkbox', {
      name: 'Show my “Prayer” answer to my matches only',
    });
    // What keeping it private costs is read with the box: it meets no one's dealbreaker.
    expect(prayerToMatches).toHaveAccessibleDescription(
      /An answer shown to your matches only stays private, so it meets no one’s dealbreaker/,
    );
    await person.click(prayerToMatches);
    await person.selectOptions(screen.getByLabelText('Polygamy'), 'Would not accept polygamy');
    await person.click(screen.getByRole('checkbox', { name: 'French' }));
    await person.click(screen.getByRole('checkbox', { name: 'Wolof' }));
    await person.type(screen.getByLabelText('Profession'), 'Sage-femme');
    await person.selectOptions(screen.getByLabelText('Country of origin'), 'Senegal');
    await person.click(screen.getByRole('button', { name: 'Save my profile' }));

    await screen.findByText('Profile updated successfully!');
    expect(
      sentFields(sent[0], [
        'madhhab',
        'prayer',
        'hijab',
        'beard',
        'faithBranch',
        'polygamy',
        'languages',
        'profession',
        'origin',
        'faithMatchesOnly',
      ]),
    ).toEqual({
      madhhab: ['maliki'],
      prayer: ['usually'],
      hijab: ['prefer-not-to-say'],
      beard: [],
      faithBranch: [],
      polygamy: ['no'],
      languages: ['fr', 'wo'],
      profession: ['Sage-femme'],
      origin: ['SN'],
      faithMatchesOnly: ['prayer'],
    });
  });

  it('asks a man about his beard, never a hijab, in French, with a man’s words', async () => {
    const user = aCurrentUser({ gender: 'homme', name: 'Ousmane Fall' });
    logIn(user);
    serve(user);
    await show('fr');
    expect(screen.getByLabelText('Barbe')).toBeInTheDocument();
    expect(screen.queryByLabelText('Hijab')).toBeNull();
    const polygamy = screen.getByLabelText('Polygamie');
    expect([...polygamy.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Pas de réponse',
      'Envisagerait la polygamie',
      'N’envisagerait pas la polygamie',
      'Je préfère ne pas le dire',
    ]);
  });

  it('asks the year of reversion only once the member says yes, and refuses a year before 1940 there', async () => {
    const user = aCurrentUser({ gender: 'femme' });
    logIn(user);
    const sent = serve(user);
    await show();
    const person = userEvent.setup();
    expect(screen.queryByLabelText('Since (year)')).toBeNull();
    await person.selectOptions(screen.getByLabelText('Revert'), 'Yes');
    await person.type(screen.getByLabelText('Since (year)'), '1930');
    await person.click(screen.getByRole('button', { name: 'Save my profile' }));
    expect(await screen.findByText(/between 1940 and this year/)).toBeInTheDocument();
    expect(screen.getByLabelText('Since (year)')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });
});
