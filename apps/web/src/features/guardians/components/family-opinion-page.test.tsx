import type { FamilyOpinionPage as Page } from '@mawadda/contract';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockEndpoints } from '@/test/api.ts';
import { aMember, detailsOf } from '@/test/fixtures.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { FamilyOpinionPage } from './family-opinion-page.tsx';

const TOKEN = 'B'.repeat(43);

const page = (overrides: Partial<Page> = {}): Page => ({
  memberName: 'aminata',
  guardianName: 'mamadou diallo',
  language: 'en',
  expiresAt: '2026-11-29T10:00:00.000Z',
  profile: detailsOf(
    aMember({ name: 'youssef ba', age: 31, location: 'Dakar, Senegal', matched: true }),
    { bio: 'Engineer, I love my family.' },
  ),
  answer: null,
  note: null,
  ...overrides,
});

describe('the guardian’s page for an opinion', () => {
  it('shows the match’s profile and sends the answer chosen, with the note', async () => {
    const api = mockEndpoints({
      familyOpinionPage: { body: page() },
      answerFamilyOpinion: { body: { answer: 'questions', note: 'Who is his family?' } },
    });
    await renderScreen(<FamilyOpinionPage token={TOKEN} />, { language: 'en' });
    expect(
      await screen.findByRole('heading', { name: 'Aminata asks your opinion' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Youssef Ba, 31' })).toBeInTheDocument();
    expect(screen.getByText('Engineer, I love my family.')).toBeInTheDocument();
    expect(screen.getByText(/This link works until/)).toHaveTextContent('November 29, 2026');
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'I have questions' }));
    await user.type(
      screen.getByRole('textbox', { name: 'A note for Aminata (optional)' }),
      'Who is his family?',
    );
    await user.click(screen.getByRole('button', { name: 'Send my answer' }));
    expect(await screen.findByText('Thank you: Aminata will see your answer.')).toBeInTheDocument();
    const sent = api.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      answer: 'questions',
      note: 'Who is his family?',
    });
  });

  it('reads in French, and says when the photos stay blurred', async () => {
    mockEndpoints({
      familyOpinionPage: {
        body: page({
          language: 'fr',
          profile: detailsOf(aMember({ name: 'youssef ba', photosBlurred: true, matched: true })),
        }),
      },
    });
    await renderScreen(<FamilyOpinionPage token={TOKEN} />, { language: 'fr' });
    expect(
      await screen.findByRole('heading', { name: 'Aminata vous demande votre avis' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/restent floues ici aussi/)).toBeInTheDocument();
    expect(screen.getByText(/Ce lien fonctionne jusqu’au/)).toHaveTextContent('29 novembre 2026');
    expect(screen.getByRole('radio', { name: 'Favorable' })).toBeInTheDocument();
  });

  it('says only that a link does not work, whatever the reason', async () => {
    mockEndpoints({
      familyOpinionPage: {
        status: 404,
        body: { code: 'GUARDIAN_LINK_INVALID', message: 'This link does not work.' },
      },
    });
    await renderScreen(<FamilyOpinionPage token={TOKEN} />, { language: 'en' });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });
});
