// DOM matchers (toBeVisible, toHaveTextContent, toHaveFocus...): a test asserts what a member sees.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, vi } from 'vitest';
import { fakeCreateImageBitmap } from './image-files.ts';

/**
 * The web project runs its files one after another in a worker and one jsdom (isolate: false,
 * ADR 033): this file runs before each of them and gives it what a fresh worker gave it, so that
 * no file sees what an earlier one left. The application's modules (and the libraries that keep
 * state of their own, vitest.config.ts server.deps.inline) are evaluated anew; the document,
 * storage, globals, timers and mocks are back to what jsdom started with.
 */
type Pristine = { window: Set<string>; navigator: Set<string> };
const PRISTINE = Symbol.for('mawadda.test.pristine');
const state = globalThis as typeof globalThis & { [PRISTINE]?: Pristine };
// The first file in this worker records what jsdom started with.
state[PRISTINE] ??= {
  window: new Set(Object.getOwnPropertyNames(window)),
  navigator: new Set(Object.getOwnPropertyNames(navigator)),
};
const pristine = state[PRISTINE];

vi.resetModules();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.useRealTimers();
vi.restoreAllMocks();
// What a test set on window or navigator (window.google, navigator.geolocation...) goes.
for (const name of Object.getOwnPropertyNames(navigator)) {
  if (!pristine.navigator.has(name)) Reflect.deleteProperty(navigator, name);
}
// (window is the worker's global: the test runner's own `__` names stay.)
for (const name of Object.getOwnPropertyNames(window)) {
  if (!pristine.window.has(name) && !name.startsWith('__')) Reflect.deleteProperty(window, name);
}
document.head.replaceChildren();
document.body.replaceChildren();
for (const attribute of [...document.documentElement.attributes]) {
  document.documentElement.removeAttribute(attribute.name);
}
document.title = '';
localStorage.clear();
sessionStorage.clear();
window.history.replaceState(null, '', '/');

// What loads on first use (a menu's Radix code, a dialog: ADR 047, 051) is imported and
// transformed anew in each file (modules are reset above), which on a fresh clone's cold cache
// takes more than testing-library's 1 s for a `findBy` or a `waitFor`. Set on the instance this
// file's tests import: the one imported above predates the reset.
const { configure } = await import('@testing-library/react');
configure({ asyncUtilTimeout: 5000 });

// What the app starts once its first screen is shown (the socket, the badge counts, chunks loaded
// at idle: ADR 055) starts at once for a test that renders one screen without the root layout.
const { firstScreen } = await import('@/lib/first-screen.ts');
firstScreen.rendered();
await new Promise<void>((resolve) => firstScreen.after(resolve));

// A file whose tests leave a screen mounted unmounts it before the next file starts.
afterAll(() => cleanup());

// jsdom decodes no image: photo pickers check a file's bytes with this stand-in (image-files.ts).
globalThis.createImageBitmap ??= fakeCreateImageBitmap as typeof createImageBitmap;
