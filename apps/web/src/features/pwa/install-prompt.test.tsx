import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderScreen, screen } from '@/test/render.tsx';
import { InstallPrompt } from './install-prompt.tsx';
import { installPrompt } from './install-prompt-store.ts';

function offerInstall() {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: async () => undefined,
    userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
  });
  window.dispatchEvent(event);
}

describe('the install card', () => {
  it('comes with the next screen the member opens, not over the one they are reading', async () => {
    const stop = installPrompt.start();
    await renderScreen(
      <>
        <InstallPrompt />
        <Link to="/chat">Messages</Link>
      </>,
      // On every screen, as in the shell.
      { route: '/suggestions', path: '*' },
    );
    offerInstall();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('complementary', { name: 'Install Mawadda' })).toBeNull();

    await userEvent.setup().click(screen.getByRole('link', { name: 'Messages' }));
    expect(await screen.findByRole('complementary', { name: 'Install Mawadda' })).toBeVisible();
    stop();
  });
});
