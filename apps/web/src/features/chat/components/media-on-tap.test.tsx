import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { dataSaver } from '@/lib/data-saver.ts';
import { screen } from '@/test/render.tsx';
import { aReceivedItem, renderBubble } from '../test/bubble.tsx';

afterEach(() => dataSaver.reset());

describe('chat media in data saver', () => {
  it('fetches a photo only once tapped, the button saying what it weighs', async () => {
    dataSaver.choose(true);
    await renderBubble(
      aReceivedItem({ imageUrl: '/chat-media/chat/p.webp?m=me', mediaBytes: 46_000 }),
    );
    expect(screen.queryByRole('img', { name: 'Photo from Awa' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show the photo (45 kB)' }));
    expect(screen.getByRole('img', { name: 'Photo from Awa' }).getAttribute('src')).toBe(
      '/chat-media/chat/p.webp?m=me',
    );
  });

  it('words the voice note’s button in French, with its size', async () => {
    dataSaver.choose(true);
    const { container } = await renderBubble(
      aReceivedItem({ audioUrl: '/chat-media/voice/v.webm?m=me', mediaBytes: 120 * 1024 }),
      'fr',
    );
    expect(container.querySelector('audio')).toBeNull();
    await userEvent.click(
      screen.getByRole('button', { name: /^Charger le message vocal \(120\sko\)$/ }),
    );
    expect(container.querySelector('audio')?.getAttribute('src')).toBe(
      '/chat-media/voice/v.webm?m=me',
    );
  });

  it('shows the media at once when data saver is off', async () => {
    await renderBubble(
      aReceivedItem({ imageUrl: '/chat-media/chat/p.webp?m=me', mediaBytes: 46_000 }),
    );
    expect(screen.getByRole('img', { name: 'Photo from Awa' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Show the photo/ })).toBeNull();
  });
});
