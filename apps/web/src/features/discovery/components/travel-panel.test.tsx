import type { Stay } from '@mawadda/contract';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockEndpoints, type StubRequest } from '@/test/api.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { TravelPanel } from './travel-panel.tsx';

beforeEach(() => {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem('currentUser', JSON.stringify({ id: 'me-1', name: 'Aïcha', mediaUrls: [] }));
});

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const dakar: Stay = {
  id: '11111111-1111-4111-8111-111111111111',
  town: 'Dakar',
  countryCode: 'SN',
  location: 'Dakar, Sénégal',
  arrivesOn: inDays(3),
  departsOn: inDays(20),
};

describe('Travel mode', () => {
  it('announces a stay from a labelled form, by keyboard, and lists it with its days in French', async () => {
    const sent: unknown[] = [];
    let stays: Stay[] = [];
    mockEndpoints({
      stays: () => ({ body: stays }),
      createStay: (request: StubRequest) => {
        sent.push(request.body);
        stays = [dakar];
        return { body: dakar };
      },
    });
    await renderScreen(<TravelPanel browsing={undefined} onBrowse={() => {}} />, {
      language: 'fr',
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Ville'), 'Dakar');
    await user.type(screen.getByLabelText('Arrivée'), dakar.arrivesOn);
    await user.type(screen.getByLabelText('Départ'), dakar.departsOn);
    await user.keyboard('{Enter}');
    expect(await screen.findByText(/^À Dakar, Sénégal \d/)).toBeVisible();
    expect(sent).toEqual([
      { location: 'Dakar', arrivesOn: dakar.arrivesOn, departsOn: dakar.departsOn },
    ]);
  });

  it('switches the suggestions between near me and the town of a stay', async () => {
    mockEndpoints({ stays: { body: [dakar] } });
    const onBrowse = vi.fn();
    await renderScreen(<TravelPanel browsing={undefined} onBrowse={onBrowse} />);
    const user = userEvent.setup();
    expect(await screen.findByRole('radio', { name: 'Near me' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'In Dakar' }));
    expect(onBrowse).toHaveBeenCalledWith(dakar.id);
  });

  it('shows the server’s refusal in the member’s language', async () => {
    mockEndpoints({
      stays: { body: [] },
      createStay: {
        status: 400,
        body: {
          code: 'STAY_TOO_LONG',
          message: 'A stay lasts at most 60 days. Choose an earlier departure date.',
          params: { maxDays: 60 },
        },
      },
    });
    await renderScreen(<TravelPanel browsing={undefined} onBrowse={() => {}} />, {
      language: 'fr',
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Ville'), 'Dakar');
    await user.type(screen.getByLabelText('Arrivée'), inDays(1));
    await user.type(screen.getByLabelText('Départ'), inDays(90));
    await user.click(screen.getByRole('button', { name: 'Annoncer le séjour' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Un séjour dure au plus 60 jours. Choisissez un départ plus tôt.',
    );
  });
});
