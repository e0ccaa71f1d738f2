import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen, screen } from '@/test/render.tsx';
import { useNotificationClicks } from './notification-clicks.ts';

function Suggestions() {
  useNotificationClicks();
  return <h1>Suggestions</h1>;
}

/** The page's side of the worker: where its messages arrive. */
function fakeWorkerContainer() {
  const container = new EventTarget();
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  return (data: unknown) =>
    act(() => {
      container.dispatchEvent(new MessageEvent('message', { data }));
    });
}
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('a click on a notification, in the window already open', () => {
  it('opens the notification’s screen with the app’s router', async () => {
    const fromWorker = fakeWorkerContainer();
    await renderScreen(<Suggestions />, { route: '/suggestions' });
    fromWorker({ type: 'OPEN_URL', url: '/chat?userId=m2' });
    expect(await screen.findByRole('heading', { name: 'Screen /chat' })).toBeVisible();
  });

  it('follows no address outside the app, nor other messages', async () => {
    const fromWorker = fakeWorkerContainer();
    await renderScreen(<Suggestions />, { route: '/suggestions' });
    fromWorker({ type: 'OPEN_URL', url: '//evil.example/chat' });
    fromWorker({ type: 'SOMETHING_ELSE', url: '/chat' });
    expect(screen.getByRole('heading', { name: 'Suggestions' })).toBeVisible();
  });
});
