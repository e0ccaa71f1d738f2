import { describe, expect, it, vi } from 'vitest';
import {
  type BeforeInstallPromptEvent,
  createInstallPrompt,
  INSTALL_DISMISSED_KEY,
  shouldShowInstallPrompt,
} from './install-prompt-store.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

function installEvent(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
  const prompt = vi.fn(async () => undefined);
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) });
  return { event, prompt };
}

function setup(initial: Record<string, string> = {}) {
  const target = new EventTarget();
  const storage = memoryStorage(initial);
  const prompt = createInstallPrompt({ target, storage: () => storage });
  const stop = prompt.start();
  return { target, storage, prompt, stop };
}

describe('shouldShowInstallPrompt', () => {
  it('shows only with a prompt in hand, not after an answer or an install', () => {
    expect(shouldShowInstallPrompt({ hasPrompt: true, dismissed: false, installed: false })).toBe(
      true,
    );
    expect(shouldShowInstallPrompt({ hasPrompt: false, dismissed: false, installed: false })).toBe(
      false,
    );
    expect(shouldShowInstallPrompt({ hasPrompt: true, dismissed: true, installed: false })).toBe(
      false,
    );
    expect(shouldShowInstallPrompt({ hasPrompt: true, dismissed: false, installed: true })).toBe(
      false,
    );
  });
});

describe('the install prompt', () => {
  it('stays hidden until the browser offers to install', () => {
    const { prompt } = setup();
    expect(prompt.isVisible()).toBe(false);
  });

  it("holds back the browser's prompt and shows the card instead", () => {
    const { target, prompt } = setup();
    const listener = vi.fn();
    prompt.subscribe(listener);
    const { event } = installEvent();
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(prompt.isVisible()).toBe(true);
    expect(listener).toHaveBeenCalled();
  });

  it('"Not now" hides it and stores the flag, so it never shows again', () => {
    const { target, storage, prompt } = setup();
    target.dispatchEvent(installEvent().event);
    prompt.dismiss();
    expect(prompt.isVisible()).toBe(false);
    expect(storage.data.get(INSTALL_DISMISSED_KEY)).toBe('true');
    target.dispatchEvent(installEvent().event);
    expect(prompt.isVisible()).toBe(false);
  });

  it('a flag stored on an earlier visit keeps it hidden, and the browser prompt held back', () => {
    const { target, prompt } = setup({ [INSTALL_DISMISSED_KEY]: 'true' });
    const { event } = installEvent();
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(prompt.isVisible()).toBe(false);
  });

  it("Install opens the browser's dialog once, hides the card and stores the flag", async () => {
    const { target, storage, prompt } = setup();
    const { event, prompt: browserPrompt } = installEvent('dismissed');
    target.dispatchEvent(event);
    await expect(prompt.install()).resolves.toBe('dismissed');
    expect(browserPrompt).toHaveBeenCalledTimes(1);
    expect(prompt.isVisible()).toBe(false);
    expect(storage.data.get(INSTALL_DISMISSED_KEY)).toBe('true');
    await expect(prompt.install()).resolves.toBe('unavailable');
  });

  it('hides when the app gets installed another way (the browser menu)', () => {
    const { target, storage, prompt } = setup();
    target.dispatchEvent(installEvent().event);
    target.dispatchEvent(new Event('appinstalled'));
    expect(prompt.isVisible()).toBe(false);
    expect(storage.data.get(INSTALL_DISMISSED_KEY)).toBe('true');
  });

  it('stops listening when stopped', () => {
    const { target, prompt, stop } = setup();
    stop();
    const { event } = installEvent();
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(prompt.isVisible()).toBe(false);
  });

  it('still works when storage is refused', () => {
    const target = new EventTarget();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    const prompt = createInstallPrompt({ target, storage: () => broken });
    prompt.start();
    target.dispatchEvent(installEvent().event);
    expect(prompt.isVisible()).toBe(true);
    prompt.dismiss();
    expect(prompt.isVisible()).toBe(false);
  });
});
