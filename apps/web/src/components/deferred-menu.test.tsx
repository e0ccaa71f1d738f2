import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeferredMenu, type MenuOpening } from './deferred-menu.tsx';

/** A menu's code that arrives when the test says, or never. */
function slowMenu() {
  let arrive!: () => void;
  let fail!: () => void;
  const loaded = new Promise<void>((resolve, reject) => {
    arrive = resolve;
    fail = () => reject(new TypeError('Failed to fetch dynamically imported module'));
  });
  const menu = (opening: MenuOpening) => (
    <p>
      Menu open, {opening.byKeyboard ? 'by a key' : 'by a press'},{' '}
      {opening.focused ? 'focused' : 'not focused'}
    </p>
  );
  render(
    <DeferredMenu preload={() => loaded} menu={menu} className="" label="More actions">
      ⋮
    </DeferredMenu>,
  );
  return {
    arrive: () => act(async () => arrive()),
    fail: () => act(async () => fail()),
  };
}

afterEach(cleanup);

const button = () => screen.getByRole('button', { name: 'More actions' });

describe('a deferred menu', () => {
  it('keeps its button, pressed and focused, while the menu loads, then opens it', async () => {
    const menu = slowMenu();
    const user = userEvent.setup();
    button().focus();
    await user.keyboard('{Enter}');
    // The same element, still focused, shown pressed and busy.
    expect(button()).toHaveFocus();
    expect(button()).toHaveAttribute('data-state', 'open');
    expect(button()).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText(/Menu open/)).toBeNull();
    await menu.arrive();
    expect(await screen.findByText('Menu open, by a key, focused')).toBeVisible();
  });

  it('opens for a press as for a press', async () => {
    const menu = slowMenu();
    await userEvent.setup().click(button());
    await menu.arrive();
    expect(await screen.findByText(/Menu open, by a press/)).toBeVisible();
  });

  it('leaves the button as it was when the menu cannot load (offline before the app was installed)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const menu = slowMenu();
    await userEvent.setup().click(button());
    await menu.fail();
    expect(logged).toHaveBeenCalledWith('[menu] could not load', expect.any(TypeError));
    expect(button()).not.toHaveAttribute('aria-busy');
    expect(button()).not.toHaveAttribute('data-state');
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/Menu open/)).toBeNull();
  });
});
