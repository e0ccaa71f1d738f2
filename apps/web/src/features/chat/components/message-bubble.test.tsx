import { describe, expect, it } from 'vitest';
import { screen } from '@/test/render.tsx';
import { aReceivedItem, renderBubble } from '../test/bubble.tsx';

describe('a message a moderator hid (ADR 083)', () => {
  it('is only a placeholder to its receiver, in French too', async () => {
    await renderBubble(aReceivedItem({ hiddenByModeration: true }), 'fr');
    expect(screen.getByText('Message masqué par la modération')).toBeTruthy();
  });

  it('still shows its text to its sender, marked as no longer seen by the other member', async () => {
    await renderBubble(
      aReceivedItem({
        mine: true,
        state: 'read',
        content: 'Send me money',
        hiddenByModeration: true,
      }),
    );
    expect(screen.getByText('Send me money')).toBeTruthy();
    expect(screen.getByText('Hidden by moderation: Awa no longer sees it')).toBeTruthy();
    expect(screen.queryByText('Message hidden by moderation')).toBeNull();
  });

  it('shows nothing of the kind on a message shown', async () => {
    await renderBubble(aReceivedItem({ content: 'Salam' }));
    expect(screen.getByText('Salam')).toBeTruthy();
    expect(screen.queryByText(/moderation/)).toBeNull();
  });
});
