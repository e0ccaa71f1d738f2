import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { dataSaver } from '@/lib/data-saver.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { ProfileAnswers } from './profile-answers.tsx';

afterEach(() => dataSaver.reset());

const member = {
  promptAnswers: [
    { prompt: 'marriage-means' as const, answer: 'Une alliance devant Allah.' },
    { prompt: 'weekend' as const, answer: 'La famille, puis la mer.' },
  ],
  voiceIntroduction: { url: '/chat-media/introductions/v.webm?m=me', seconds: 24.4, bytes: 96_000 },
};

describe('a member’s answers and voice introduction', () => {
  it('shows each answer under its prompt, in the reader’s language, and a player that loads nothing before play', async () => {
    const { container } = await renderScreen(<ProfileAnswers name="Mariama" member={member} />, {
      language: 'fr',
    });
    expect(screen.getByText('Ce que le mariage représente pour moi')).toBeInTheDocument();
    expect(screen.getByText('Une alliance devant Allah.')).toBeInTheDocument();
    expect(screen.getByText('Mon week-end idéal')).toBeInTheDocument();
    const audio = container.querySelector('audio');
    expect(audio?.getAttribute('preload')).toBe('none');
    expect(audio?.getAttribute('aria-label')).toBe('Présentation vocale de Mariama, 24 secondes');
  });

  it('in data saver, puts a button saying what it weighs in the player’s place', async () => {
    dataSaver.choose(true);
    const { container } = await renderScreen(<ProfileAnswers name="Mariama" member={member} />);
    expect(container.querySelector('audio')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Listen to Mariama (94 kB)' }));
    const audio = container.querySelector('audio');
    expect(audio?.getAttribute('src')).toBe(member.voiceIntroduction.url);
    expect(document.activeElement?.contains(audio ?? null)).toBe(true);
  });

  it('says nothing when the member has neither', async () => {
    const { container } = await renderScreen(
      <ProfileAnswers name="Mariama" member={{ promptAnswers: [], voiceIntroduction: null }} />,
    );
    expect(container.querySelector('section')).toBeNull();
  });
});
