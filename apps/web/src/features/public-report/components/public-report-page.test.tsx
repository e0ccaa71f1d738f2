import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockEndpoints } from '@/test/api.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { PublicReportPage } from './public-report-page.tsx';

const PROFILE = 'https://mawadda.example/fr/user-details/0b7e5a52-5d7e-4c4b-9a57-1d6f2f7e8c11';

async function fillIn(user: ReturnType<typeof userEvent.setup>, french = false) {
  const label = (en: string, fr: string) => (french ? fr : en);
  // Pasted, as a link is: typed key by key, the texts take seconds.
  const paste = async (field: HTMLElement, text: string) => {
    await user.click(field);
    await user.paste(text);
  };
  await user.click(screen.getByRole('radio', { name: label('A profile', 'Un profil') }));
  await paste(
    screen.getByRole('textbox', { name: label('Link of the profile', 'Lien du profil') }),
    PROFILE,
  );
  await user.click(
    screen.getByRole('radio', { name: label('Fraud or a scam', 'Une fraude ou une escroquerie') }),
  );
  await paste(
    screen.getByRole('textbox', {
      name: label('Why do you believe it is illegal?', 'Pourquoi pensez-vous que c’est illégal ?'),
    }),
    'He asks women for money for a visa.',
  );
  await paste(
    screen.getByRole('textbox', { name: label('Your e-mail address', 'Votre adresse e-mail') }),
    'fatou@example.org',
  );
}

describe('the public report page', () => {
  it('sends the report in the page’s language and shows the receipt, focused', async () => {
    const sent: unknown[] = [];
    mockEndpoints({
      publicReport: ({ body }) => {
        sent.push(body);
        return { status: 202, body: { message: 'Received' } };
      },
    });
    await renderScreen(<PublicReportPage />, { route: '/fr/report', language: 'fr' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Signaler un contenu illégal' }),
    ).toBeVisible();
    const user = userEvent.setup();
    await fillIn(user, true);
    await user.click(
      screen.getByRole('checkbox', {
        name: 'Je crois de bonne foi que ce que je signale est exact et complet.',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Envoyer le signalement' }));
    const receipt = await screen.findByText(/Nous avons reçu votre signalement/);
    expect(receipt).toHaveTextContent('fatou@example.org');
    expect(receipt.closest('[tabindex="-1"]')).toHaveFocus();
    expect(sent).toEqual([
      {
        subject: 'profile',
        profile: PROFILE,
        kind: 'fraud',
        explanation: 'He asks women for money for a visa.',
        email: 'fatou@example.org',
        goodFaith: true,
        language: 'fr',
      },
    ]);
  });

  it('sends nothing without the statement of good faith, and says why at the box', async () => {
    const fetch = mockEndpoints({});
    await renderScreen(<PublicReportPage />, { route: '/report' });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Report illegal content' });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send the report' }));
    expect(
      await screen.findByRole('checkbox', {
        name: 'I believe in good faith that what I report is accurate and complete.',
      }),
    ).toHaveAccessibleDescription(
      'Confirm that you believe in good faith that what you report is accurate and complete.',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says how long to wait when too many reports were sent', async () => {
    mockEndpoints({
      publicReport: {
        status: 429,
        body: {
          message: 'Too many',
          code: 'RATE_LIMITED',
          params: { retryAfter: 600, minutes: 10 },
        },
      },
    });
    await renderScreen(<PublicReportPage />, { route: '/report' });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Report illegal content' });
    await fillIn(user);
    await user.click(
      screen.getByRole('checkbox', {
        name: 'I believe in good faith that what I report is accurate and complete.',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Send the report' }));
    expect(
      await screen.findByText('Too many attempts. Please wait 10 min and try again.'),
    ).toBeVisible();
  });
});
